/** The id of the signed-in layouts' main region (<main tabIndex=-1>): where "Skip to content" goes (issue 31). */
export const MAIN_ID = 'main-content';

/**
 * Puts the focus on the page's main region when it was lost (on <body>): e.g. a dialog closed whose opener is gone or
 * disabled, so the keyboard's next Tab starts in the page, not at its top.
 */
export function focusMainIfLost() {
  if (document.activeElement && document.activeElement !== document.body) return;
  document.getElementById(MAIN_ID)?.focus();
}
