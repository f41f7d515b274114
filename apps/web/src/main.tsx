import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from './config/paths';
import { setProjectLostHandler, setUnauthorizedHandler } from './lib/api-client';
import { showError } from './lib/feedback';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

// SPEC §7: a 401 on a signed-in call ends the session and returns to the login page without a reload
// (the login route's loader then drops the cached data).
setUnauthorizedHandler(() => {
  void router.navigate(paths.login, { replace: true });
});

// Issue 9: a project closed or run out under the user sends them back to the picker, saying why.
setProjectLostHandler((error) => {
  showError(error);
  void router.navigate(paths.select, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
