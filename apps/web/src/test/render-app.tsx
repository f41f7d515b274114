import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { connectApiToRouter } from '../app/api-navigation';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** The query client of the app renderApp rendered last, for a test that makes the app fetch again. */
export let renderedClient: QueryClient = createQueryClient();

/** The whole app (real routes, guard, layouts) at a path, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  connectApiToRouter(router);
  renderedClient = createQueryClient();
  render(
    <AppProviders client={renderedClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
