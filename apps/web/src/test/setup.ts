import '@testing-library/jest-dom/vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterAll, afterEach, vi } from 'vitest';
import { stopIdle } from '../lib/idle-timer';
import { clearSession, setSession } from '../lib/session';

// Most test files share a worker's modules and its jsdom (vite.config.ts, test.projects). Testing Library's screen
// keeps its queries bound to the body it was first loaded with: bind them again to this document's body, which an
// isolated file has fresh.
Object.assign(screen, within(document.body));

// The app follows the browser's language on a first visit (issue 12, defect 5); jsdom says en-US, and the tests
// were written for the default Chinese start, so the test browser prefers Chinese (i18n.test.ts changes it).
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN', 'zh'], configurable: true });

// findBy… waits up to 1 s by default: on a loaded 2-core CI machine antd's first render of a page takes longer, so
// an answer that is on its way would be reported missing. Waiting longer changes no assertion. 10 s: the first test
// of a heavy page (the document workspace) took over 5 s in CI to load and render its modules.
configure({ asyncUtilTimeout: 10_000 });

// antd's responsive components (Grid, Table, Layout.Sider) call matchMedia and ResizeObserver, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom's getComputedStyle matches every rule of every style sheet, and antd injects hundreds of them:
// one click cost over a second. Tests here assert texts and behaviour, not cascaded styles, so inline
// styles are enough (they still carry display/visibility set by antd's motion code).
const fallbackStyle = document.createElement('div').style;
window.getComputedStyle = (element: Element) => (element instanceof HTMLElement ? element.style : fallbackStyle);

// antd's style registry scans <head>'s children on every style it adds (rc-util dynamicCSS: Array.from(children)), and
// jsdom's HTMLCollection looks each "length" read up as a named item first, walking every element: with the
// hundreds of <style>s antd adds, a quarter of a page's render went there. "length" is a property of the collection's
// prototype, which hides a named item of that name anyway (WebIDL's named property visibility), so the walk's answer
// is never used: skip it.
const collectionImpl = createRequire(import.meta.url)('jsdom/lib/jsdom/living/nodes/HTMLCollection-impl.js') as {
  implementation: { prototype: { namedItem(key: string): unknown } };
};
const namedItem = collectionImpl.implementation.prototype.namedItem;
collectionImpl.implementation.prototype.namedItem = function (this: unknown, key: string) {
  return key === 'length' ? null : namedItem.call(this, key);
};

afterEach(() => {
  cleanup();
  // Through the session module so its cached snapshot is dropped as well.
  clearSession();
  setSession({ language: 'zh-CN' });
  window.localStorage.clear();
});

// A file ends only once the lazy pages it started loading have loaded. Each file talks to Vitest over a channel of
// its own, closed when the file ends: a module still on its way then never arrives, and as the worker keeps its
// modules for the next file (isolate: false), that file waited 60 s for it and failed ("Timeout calling fetch", the
// folder tree's modules after a test had gone on into the project area). Seen in 3 of 8 CI runs.
afterAll(() => vi.dynamicImportSettled());

// The app fetches a language's texts when it first shows it (lib/i18n.ts, issue 16); tests also render parts
// without their page, so both languages are here before any test starts, as they were when bundled.
// Imported here, not at the top: lib/i18n chooses its first language when loaded, after the preference above is set.
const { changeLanguage, loadLanguage } = await import('../lib/i18n');
await Promise.all([loadLanguage('zh-CN'), loadLanguage('en-US')]);
// dayjs follows the language as in the signed-in app (app/signed-in-app.tsx imports it; the tests render its parts).
await import('../lib/dayjs-locale');

// Test files share workers (vite.config.ts), and this file runs before each of them: it starts the file as a fresh tab
// would, whatever the file before it left — no session or stored choice, Chinese, no idle countdown.
clearSession();
window.localStorage.clear();
await changeLanguage('zh-CN');
stopIdle();
// What an earlier file left in the body and the focus go, whether or not this file has a new jsdom window.
(document.activeElement as HTMLElement | null)?.blur();
document.body.replaceChildren();
