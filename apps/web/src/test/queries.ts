import { fireEvent, waitFor } from '@testing-library/react';

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

/** Waits for the option of an open antd select that reads exactly `text`, and clicks it. */
export async function clickOption(text: string): Promise<void> {
  const option = await waitFor(() => {
    const item = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === text,
    );
    if (!item) throw new Error(`no option "${text}"`);
    return item;
  });
  fireEvent.click(option);
}
