import type { Page } from 'playwright-core';

/**
 * The dropdown of one antd Select, found by the list its input controls (`<id>_list`). A page-wide
 * `.ant-select-dropdown:visible` can match two at once: the previous Select's dropdown still sliding away while
 * this one slides in (seen in CI: a strict-mode violation that failed the workflow journey and the two after it).
 */
export const dropdownOf = (page: Page, selectId: string) =>
  page.locator('.ant-select-dropdown', { has: page.locator(`[id="${selectId}_list"]`) });

/** The option of that Select showing `text`, once listed. */
export const optionOf = (page: Page, selectId: string, text: string) =>
  dropdownOf(page, selectId).locator('.ant-select-item-option', { hasText: text }).first();

/** Picks people by name in a multiple Select with search: typed, taken with Enter once listed; Escape closes it. */
export async function pickPeople(page: Page, selectId: string, names: string[]) {
  const input = page.locator(`#${selectId}`);
  for (const name of names) {
    await input.fill(name);
    await optionOf(page, selectId, name).waitFor();
    await input.press('Enter');
  }
  await input.press('Escape');
  await dropdownOf(page, selectId).waitFor({ state: 'hidden' });
}
