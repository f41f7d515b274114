import type { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { setProjectLostHandler, setUnauthorizedHandler } from '../lib/api-client';
import { showError } from '../lib/feedback';
import { setNavigator } from '../lib/navigation';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate'>;

/**
 * Lets the API client, and the pages that also run without the router (lib/navigation.ts: the login page), move the
 * user without a page load; shared by the app and the tests that render it whole, so those tests see the same journeys.
 */
export function connectApiToRouter(router: AppRouter): void {
  setNavigator((to, options) => void router.navigate(to, options));
  // SPEC §7: a 401 on a signed-in call ends the session and returns to the login page without a reload
  // (the login route's loader then drops the cached data).
  setUnauthorizedHandler(() => {
    void router.navigate(paths.login, { replace: true });
  });
  // Issue 9: a project run out under the user sends them back to the picker, saying why; issue 11: so does the end
  // of an inspector's access.
  setProjectLostHandler((error) => {
    showError(error);
    void router.navigate(paths.select, { replace: true });
  });
}
