import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../lib/dayjs-locale';
import { connectApiToRouter } from './api-navigation';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The signed-in app: the router at the current address, the data layer and the pages (fetched on first use, pages.ts).
 * start.tsx fetches this module while the login page is idle and draws it at the first address the frames do not.
 */
export function renderSignedIn(root: Root): void {
  const router = createAppRouter();
  connectApiToRouter(router);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
