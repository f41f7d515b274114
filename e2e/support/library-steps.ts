import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { keepShot } from './browser.ts';
import { optionOf, pickPeople } from './select-steps.ts';

/** Steps the library journey (05) takes more than once; each waits for what the page or the server says. */

/** A link that opens in a new tab (target=_blank), followed: the tab, once its workflow panel is there. */
export async function openTab(page: Page, link: ReturnType<Page['locator']>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.locator('#workflow-panel').waitFor();
  return tab;
}

/** The status the viewer's workflow panel shows, as a person reads it. */
export const viewerStatus = async (tab: Page) => ((await tab.locator('#workflow-status').textContent()) ?? '').trim();

/**
 * Chooses a person by name in an antd Select with search: typed, taken with Enter once the option is listed, and
 * checked to be shown as chosen (a click on an option list that is being fetched again can be lost).
 */
export async function choose(page: Page, selectId: string, name: string) {
  const input = page.locator(`#${selectId}`);
  await input.click();
  await input.fill(name);
  await optionOf(page, selectId, name).waitFor();
  await input.press('Enter');
  const field = page.locator('.ant-form-item', { has: input });
  await field.locator('.ant-select-content-has-value', { hasText: name }).waitFor();
}

/** Waits until the viewer's status is no longer `was`: the panel has taken the server's change in. */
export async function statusLeaves(tab: Page, was: string) {
  await tab.waitForFunction((w) => document.querySelector('#workflow-status')?.textContent?.trim() !== w, was);
}

/** A date typed into an antd DatePicker and taken with Enter. */
export async function typeDate(page: Page, id: string, date: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  // The calendar stays open over the dialog's buttons: a click on the dialog's title closes it.
  await page.locator('.ant-modal:visible .ant-modal-title').click();
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Confirms the open archive dialog for one document (POST /file/archive); the answer's HTTP status. */
export async function confirmArchive(page: Page): Promise<number> {
  // One document: archived on its own (POST /file/archive); many: as a batch (/file/batch/archived).
  const archived = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/edoc/file/archive' && r.request().method() === 'POST',
  );
  await page.locator('#library-archive-ok').click();
  return (await archived).status();
}

/** Fills the archive dialog's effective date and archives one document; the answer's HTTP status. */
export async function archiveOne(page: Page, effectiveDate: string): Promise<number> {
  await typeDate(page, 'library-archive-start', effectiveDate);
  return confirmArchive(page);
}

/**
 * From the viewer, sends the draft with one person as the assignee of each stage (review, QC, approval) and passes
 * each stage as that person: processed (8), ready to archive.
 */
export async function sendAndPassAll(tab: Page, assignee: string) {
  await tab.locator('#workflow-action-send').click();
  for (const stage of [3, 4, 5]) await pickPeople(tab, `sendForm_stages_${stage}_assignees`, [assignee]);
  const editing = await viewerStatus(tab);
  const sent = tab.waitForResponse((r) => r.url().includes('/file/apply/save'));
  await tab.locator('#workflow-send-ok').click();
  if ((await sent).status() !== 200) throw new Error(`sending was refused: ${(await sent).status()}`);
  await statusLeaves(tab, editing);
  const dialogs = tab.locator('.ant-modal:visible');
  for (let i = 0; i < 3; i++) {
    // The stage shown must be the open one: the panel has taken the previous pass in once its status changed.
    const before = await viewerStatus(tab);
    // The previous decision dialog is gone, closing animation included: the OK clicked is the new dialog's.
    await expect.poll(() => dialogs.count()).toBe(0);
    await tab.locator('#workflow-action-pass').click();
    await dialogs.locator('#workflow-decide-ok').waitFor();
    const passed = tab.waitForResponse((r) => r.url().includes('/file/audit/'));
    await dialogs.locator('#workflow-decide-ok').click();
    // Without an answer, a picture of what the page showed instead tells why.
    const answer = await passed.catch(async (err: unknown) => {
      await keepShot(tab, `05-pass-${i + 1}-unanswered`);
      throw err;
    });
    if (answer.status() !== 200) throw new Error(`pass ${i + 1} was refused: ${answer.status()}`);
    await statusLeaves(tab, before);
  }
}
