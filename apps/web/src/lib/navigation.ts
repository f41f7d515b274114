/**
 * Moving to another address of the app from code that may run outside the router: the signed-out frames (login,
 * registration) start without it (issue 30, app/start.tsx), so they cannot use react-router's hooks. Whoever draws
 * the pages registers how to move: the light start until the signed-in app is up, then the app's router.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

// Until someone registers, a page load: slower, never wrong.
let current: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
