import type { Page } from 'playwright-core';

/**
 * Steps made with the keyboard alone (issue 31, journey 13): what has the focus, and Tab pressed until the focus is
 * where the step goes next, as a keyboard user does.
 */

/** What has the focus: whether it matches `selector`, and how a person debugging reads it (tag, id, role, name). */
function focusState(page: Page, selector: string): Promise<{ matches: boolean; description: string }> {
  return page.evaluate((s) => {
    const e = document.activeElement;
    if (!e || e === document.body) return { matches: false, description: '<body>' };
    const role = e.getAttribute('role');
    const name = (e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const description = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${role ? `[role=${role}]` : ''} "${name}"`;
    return { matches: e.matches(s), description };
  }, selector);
}

/** The focused element as a person debugging reads it. */
export async function focusedDescription(page: Page): Promise<string> {
  return (await focusState(page, '*')).description;
}

/** Whether the focused element matches the CSS selector (the element itself, not one inside it). */
export async function focusIs(page: Page, selector: string): Promise<boolean> {
  return (await focusState(page, selector)).matches;
}

/**
 * Presses `key` and waits (up to 2 s) for the focus to leave the element that had it. A menu moves its focus a frame
 * after the key (rc-menu): read at once, a loaded machine showed the item left behind, and the walk stepped past its
 * goal unseen (journey 13 in CI: "User groups" read twice, the Report entry after it never). A key that moves no focus
 * (the end of a list) just costs the wait.
 */
async function pressAndSettle(page: Page, key: string): Promise<void> {
  await page.evaluate(() => document.activeElement?.setAttribute('data-press-from', ''));
  await page.keyboard.press(key);
  await page
    .waitForFunction(() => !document.activeElement?.hasAttribute('data-press-from'), undefined, { timeout: 2000 })
    .catch(() => undefined);
  await page.evaluate(() => document.querySelector('[data-press-from]')?.removeAttribute('data-press-from'));
}

/**
 * Presses `key` until the focused element matches `selector`, at most `max` times (none when it already does); fails
 * naming each element the focus passed through, so a missing stop or a trap shows where it is.
 */
export async function pressTo(page: Page, key: string, selector: string, max = 30): Promise<void> {
  const passed: string[] = [];
  let state = await focusState(page, selector);
  for (let n = 0; n < max && !state.matches; n++) {
    await pressAndSettle(page, key);
    state = await focusState(page, selector);
    passed.push(state.description);
  }
  if (!state.matches)
    throw new Error(`${key} did not reach ${selector} in ${max} presses; the focus went:\n  ${passed.join('\n  ')}`);
}

/** Tab (Shift+Tab with `back`) until the focused element matches `selector`, at most `max` presses. */
export function tabTo(page: Page, selector: string, { max = 30, back = false } = {}): Promise<void> {
  return pressTo(page, back ? 'Shift+Tab' : 'Tab', selector, max);
}

/** Waits until the focused element matches `selector` (the focus moved by the page: a menu or dialog opening). */
export async function focusLandsOn(page: Page, selector: string, timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout });
  } catch {
    throw new Error(`the focus did not land on ${selector}: it is on ${await focusedDescription(page)}`);
  }
}

/**
 * Presses `key` until an element matching `selector` is in the page (a tree's or a list's cursor, which moves while
 * the focus stays on the tree or list itself), at most `max` times.
 */
export async function pressUntil(page: Page, key: string, selector: string, max = 30): Promise<void> {
  for (let n = 0; n < max; n++) {
    if ((await page.locator(selector).count()) > 0) return;
    await page.keyboard.press(key);
  }
  if ((await page.locator(selector).count()) > 0) return;
  throw new Error(
    `${key} did not bring ${selector} in ${max} presses; the focus is on ${await focusedDescription(page)}`,
  );
}
