import type { Page } from 'playwright-core';
import { keepShot } from './browser.ts';

/**
 * Steps with the folder tree beside the workspace (`document`) and the library (`library`) lists. The tree shows
 * its first level only, so a deeper folder is found through the filter box.
 */

/** A folder's title in the tree, by its ICH code (the code is an element of its own, and its data-ich-code). */
export const folderTitle = (page: Page, code: string, prefix = 'document') =>
  page.locator(`[id^="${prefix}-folder-"][data-ich-code="${code}"]`);

/** Every folder title the tree shows (the filter box's id begins the same way, hence the attribute). */
export const folderTitles = (page: Page, prefix = 'document') =>
  page.locator(`[id^="${prefix}-folder-"][data-ich-code]`);

/**
 * Chooses a folder by its ICH code: typed into the tree's filter, then clicked among the matches, and waits until the
 * tree shows it chosen: the choice is a navigation (?folder=), which React applies as a transition, so a click on
 * "Create" at once could open the dialog before the folder is the page's (journey 04 did). It clicks again only
 * while the folder is not chosen, since a second click would unchoose it.
 */
export async function openFolder(page: Page, code: string, prefix = 'document') {
  await page.locator(`#${prefix}-folder-filter`).fill(code);
  const chosen = page.locator(`.ant-tree-treenode-selected [id^="${prefix}-folder-"][data-ich-code="${code}"]`);
  for (let attempt = 0; attempt < 4; attempt++) {
    if ((await chosen.count()) === 0) await folderTitle(page, code, prefix).click();
    try {
      await chosen.waitFor({ timeout: 5_000 });
      return;
    } catch {
      // not chosen (yet): looked at again, and clicked again if still not chosen
    }
  }
  throw new Error(`folder ${code} could not be chosen`);
}

/**
 * Pictures of a page with the folder tree at the two desktop sizes looked at (1440×900 and 1280×720), named with the
 * page's language; the window is given its size back.
 */
export async function keepTreeShots(page: Page, name: string) {
  const lang = await page.evaluate(() => document.documentElement.lang);
  const before = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width, height });
    // The splitter measures its new width in a resize observer: let it lay out before the picture.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await keepShot(page, `${name}-${lang}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}
