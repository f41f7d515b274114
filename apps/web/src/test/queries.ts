import { waitFor } from '@testing-library/react';

/** The element with this id once it is rendered (the ids are the ones Playwright journeys use too). */
export function findById(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no element #${id} yet`);
    return element;
  });
}

export function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no element #${id}`);
  return element;
}
