import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { paths } from '../config/paths';
import { awaitMessageApi } from '../lib/feedback';
import { keepToSignedOutTexts, textsLoaded } from '../lib/i18n';
import { stopIdle } from '../lib/idle-timer';
import { setNavigator } from '../lib/navigation';
import { clearSession, getSession } from '../lib/session';
import { guardRedirect } from './guard';
import { SignedOutApp } from './signed-out-app';

/** The frames the light start draws itself; every other address is the signed-in app's (its router included). */
const SIGNED_OUT_FRAMES: readonly string[] = [paths.login, paths.register];

const loadSignedIn = () => import('./signed-in-app');

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/**
 * Issue 30: the login page is what a user waits for on a slow link, so the script every address loads first draws
 * the signed-out frames by itself: React, the antd parts their forms use and their texts, without the router, the
 * data layer or any signed-in page (352 kB of JavaScript before the login form worked). The signed-in app
 * (signed-in-app.tsx) is fetched once the frame is shown and the browser is idle, and takes over at the first address
 * outside those frames (after sign-in, say) or at once when the first address is one.
 */
export function start(root: Root): void {
  let signedIn = false;
  let drawn: string | null = null;
  let shown = false;
  let idle = false;
  // Once the frame is on screen and the browser idle: the frame's messages and the signed-in app.
  const onShown = () => {
    if (shown) return;
    shown = true;
    whenIdle(() => {
      idle = true;
      show();
      loadSignedIn().catch(() => undefined);
    });
  };
  const show = () => {
    if (signedIn) return;
    const { pathname } = window.location;
    // A signed-out visitor's signed-in address goes to the login page anyway (SPEC §2): drawn here, not by the app.
    if (guardRedirect(getSession(), pathname) === paths.login) window.history.replaceState(null, '', paths.login);
    const frame = window.location.pathname;
    if (SIGNED_OUT_FRAMES.includes(frame)) {
      // SPEC §2, as the router's login loader does: opening the login page ends any session in this tab.
      if (frame === paths.login && drawn !== frame) {
        clearSession();
        stopIdle();
      }
      if (drawn === null) {
        // The frames' own texts and a message holder that comes when idle (signed-out-app.tsx) until the app's.
        keepToSignedOutTexts();
        awaitMessageApi();
      }
      drawn = frame;
      root.render(
        <StrictMode>
          <SignedOutApp pathname={frame} onShown={onShown} idle={idle} />
        </StrictMode>,
      );
      return;
    }
    signedIn = true;
    window.removeEventListener('popstate', show);
    // The texts download beside the app's code; its pages wait for both (pages.ts).
    textsLoaded().catch(() => undefined);
    void loadSignedIn().then((app) => app.renderSignedIn(root));
  };
  // Until the signed-in app's router takes over (api-navigation.ts), the frames move by the history API.
  setNavigator((to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    show();
  });
  window.addEventListener('popstate', show);
  show();
}
