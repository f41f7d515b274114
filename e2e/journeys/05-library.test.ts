import { documentRoutes } from '@edoc/contract/document-routes';
import { makePdf } from '@edoc/test-support/files';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, statusOf, versionsOf, type Account } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason } from '../support/browser.ts';
import { keepTreeShots, openFolder } from '../support/folder-steps.ts';
import {
  archiveOne,
  choose,
  confirmArchive,
  openTab,
  sendAndPassAll,
  statusLeaves,
  typeDate,
  viewerStatus,
} from '../support/library-steps.ts';
import { desk, url, type Lang } from '../support/sign-in.ts';
import { dayIn, file, processed } from '../support/world-documents.ts';
import { changeSettings, grant, libraryTree, makeStudy, TEAM_KEYS, type Person, type Study } from '../support/world.ts';

/** The project's time zone at first, and the one 26 hours ahead it moves to when "a day passes". */
const WEST = 'Etc/GMT+12';
const EAST = 'Pacific/Kiritimati';

/**
 * Issue 11 in the browser, in both languages (each person works in their own: Pat in Chinese, Ada in English),
 * from a processed document (8), made through the API as journey 04 makes one in the pages. Pat archives it from
 * the workspace with tomorrow's effective date, so it waits to be activated (7); a day passes (the project moves
 * from UTC−12 to UTC+14, where that day has begun) and the server's own worker, which runs every minute, activates
 * it (6): the library lists it with its first page as the thumbnail. Pat marks it obsolete and valid again;
 * recalls it from the viewer, so it is a draft (1) in the workspace; takes the revision through review, QC and
 * approval in the viewer and archives it there: the library shows the new version. He applies to delete it naming
 * Ada, who approves from her task (in English): it goes to the recycle bin.
 */
describe.skipIf(skipReason !== null)('library journeys in Chromium', () => {
  let browser: Browser;
  let study: Study<'pat' | 'ada'>;
  let pat: Person;
  let ada: Person;
  let fileId: number;
  /** The project's time zone: its calendar decides the effective dates. */
  let timeZone = WEST;
  const project = 'Library study';
  const docName = `Site monitoring plan ${Date.now().toString(36)}`;
  const reason = '与已签署的纸质版重复';

  beforeAll(async () => {
    // Ada, on the study team, approved it and may also approve its deletion (deleteDoc on its folder).
    const keys = [...TEAM_KEYS, 'deleteDoc'];
    [study, browser] = await Promise.all([
      makeStudy({
        tag: 'Library',
        projectName: project,
        project: { timeZone: WEST },
        roles: { TEAM: { name: 'Study team', docKeys: keys } },
        people: { pat: { name: 'Pat Lead', role: 'STU_PM' }, ada: { name: 'Ada Approver', role: 'TEAM' } },
      }),
      launch(),
    ]);
    ({ pat, ada } = study.people);
    await grant(study, pat, study.folder('8.2.1'), [{ subject: 'TEAM', docKeys: keys }]);
    await libraryTree(study, pat);
    fileId = await file(study, pat, '8.2.1', makePdf('plan.pdf', ['Site monitoring plan', 'Visit schedule']), docName);
    await processed(study, pat, fileId, { review: ada, qc: ada, approval: ada, signed: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // What the page shows after a change comes after a refetch: the CI machine (2 cores) may take seconds.
  const patient = { timeout: 30_000, interval: 250 };
  // Each person's window, kept from step to step; their computers keep the project's first time zone (the archive
  // dialog says a date is in the future by the computer's calendar).
  const enter = (who: Account, lang: Lang) => desk(browser, who, lang, { project }, { timezoneId: WEST });
  const status = async () => statusOf(await study.tokenOf(pat), fileId);
  const libraryRows = (page: Page) => page.locator('#library-table tr.ant-table-row', { hasText: docName });
  const rowStatus = (page: Page) => libraryRows(page).first().locator('[id$="-status"]').textContent();

  /** The library (/file) with the document's row shown. */
  async function library(page: Page) {
    await page.goto(url('/file'));
    await libraryRows(page).first().waitFor();
  }

  /** The workspace's folder 8.2.1 with the document's row shown; its status cell as read. */
  async function workspaceStatus(page: Page): Promise<string> {
    await page.goto(url('/work'));
    await openFolder(page, '8.2.1');
    const row = page.locator(`#document-table tr[data-row-key="${fileId}"]`);
    await row.waitFor();
    return (await row.textContent()) ?? '';
  }

  it(
    'Pat archives it from the workspace with tomorrow as its effective date; the next day the worker activates it',
    { timeout: 180_000 },
    async () => {
      const page = await enter(pat, 'zh-CN');
      await workspaceStatus(page);
      await keepTreeShots(page, '05-pat-workspace');
      await page.locator(`#document-table tr[data-row-key="${fileId}"] .ant-checkbox-input`).check();
      // The selected rows' actions wait in the selection's menu (issue 12).
      await page.locator('#document-selection').click();
      await page.locator('#document-archive-selected').waitFor();
      await expectAccessible(page, "05 the selection's menu (zh-CN)", { within: '.ant-dropdown' });
      await page.locator('#document-archive-selected').click();
      const tomorrow = dayIn(timeZone, 1);
      await typeDate(page, 'library-archive-start', tomorrow);
      // The dialog tells that a future date waits to be activated.
      await page.locator('#library-archive-future').waitFor();
      await expectAccessible(page, '05 archive dialog, a future date (zh-CN)', { within: '.ant-modal-wrap' });
      await keepShot(page, '05-pat-archive-zh-CN');
      expect(await confirmArchive(page)).toBe(200);
      expect(await status()).toBe(7);
      await library(page);
      expect(await rowStatus(page)).toBe(`待生效（${tomorrow}）`);

      // A day passes: rather than wait for it, the project moves 26 hours east (its administrator's setting), where
      // tomorrow in UTC−12 has already begun, and the server's own worker (every 3 s here, support/server.ts; the CI
      // machine is slow) activates it.
      await changeSettings(study, pat, { timeZone: EAST });
      timeZone = EAST;
      await expect.poll(status, { timeout: 90_000, interval: 1000 }).toBe(6);
      // Archived: so the list says, with the first page of the archived version beside its name.
      const picture = page.waitForResponse((r) => new URL(r.url()).pathname === '/edoc/folder/library/file/picture');
      await library(page);
      expect(await rowStatus(page)).toBe('已归档');
      expect((await picture).status()).toBe(200);
      expect((await picture).headers()['content-type']).toBe('image/png');
      const thumb = libraryRows(page).first().locator('img[id$="-thumb"]');
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), patient)
        .toBeGreaterThan(0);
      await expectAccessible(page, '05 library with its thumbnails (zh-CN)');
      await keepShot(page, '05-pat-library-zh-CN');
      await openFolder(page, '8.2.1', 'library');
      await libraryRows(page).first().waitFor();
      await keepTreeShots(page, '05-pat-library-folder');
    },
  );

  it('in the library Pat marks it obsolete (hidden, then shown struck through) and valid again', async () => {
    const page = await enter(pat, 'zh-CN');
    await library(page);
    /** The row's obsolete/valid mark, confirmed; the server's answer (POST /folder/file/invalid). */
    const toggleMark = async () => {
      await libraryRows(page).locator('[id$="-invalid"]').click();
      await page.locator('.ant-popover:visible [id$="-invalid-ok"]').waitFor();
      await expectAccessible(page, '05 mark obsolete confirmation (zh-CN)', { within: '.ant-popover' });
      const marked = page.waitForResponse((r) => r.url().includes('/folder/file/invalid'));
      await page.locator('.ant-popover:visible [id$="-invalid-ok"]').click();
      expect((await marked).status()).toBe(200);
    };
    await toggleMark();
    await expect.poll(() => libraryRows(page).count(), patient).toBe(0);
    await page.locator('#library-show-invalid').click();
    await libraryRows(page).waitFor();
    const name = libraryRows(page).locator('[id$="-name"]').first();
    expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    await toggleMark();
    await expect
      .poll(() => name.evaluate((el) => getComputedStyle(el).textDecorationLine), patient)
      .not.toContain('line-through');
  });

  it(
    'Pat recalls it from the viewer (a draft in the workspace), passes the revision and archives it there',
    { timeout: 180_000 },
    async () => {
      const page = await enter(pat, 'zh-CN');
      await library(page);
      const tab = await openTab(page, libraryRows(page).locator('[id$="-name"]').first());
      expect(await viewerStatus(tab)).toBe('已归档');
      await expectAccessible(tab, '05 viewer, an archived record (zh-CN)');
      await tab.locator('#workflow-action-recall').click();
      const recalled = tab.waitForResponse((r) => r.url().includes('/file/recall'));
      await tab.locator('#workflow-action-recall-ok').click();
      expect((await recalled).status()).toBe(200);
      await expect.poll(() => viewerStatus(tab), patient).toBe('编辑中');
      expect(await status()).toBe(1);
      const versions = await versionsOf(await study.tokenOf(pat), fileId);
      expect(versions).toHaveLength(2);
      const [first, draft] = versions;
      expect(draft).toMatchObject({ sha256: first.sha256 });
      // In the workspace it is a draft again; the library still lists the archived version until the revision is.
      expect(await workspaceStatus(page)).toContain('编辑中');

      // The revision in the viewer: sent to Pat himself for each stage, passed three times, archived in effect today.
      await tab.goto(url(`/view?fileId=${fileId}`));
      await tab.locator('#workflow-action-send').waitFor();
      await sendAndPassAll(tab, pat.name);
      expect(await viewerStatus(tab)).toBe('已处理');
      await tab.locator('#workflow-action-archive').click();
      expect(await archiveOne(tab, dayIn(timeZone))).toBe(200);
      await statusLeaves(tab, '已处理');
      expect(await viewerStatus(tab)).toBe('已归档');
      expect(await status()).toBe(6);

      // The library lists the new version; asked for, the first one too, marked as an earlier version.
      await library(page);
      await expect.poll(() => libraryRows(page).count(), patient).toBe(1);
      expect(await libraryRows(page).textContent()).toContain(draft.versionNo);
      await page.locator('#library-show-superseded').click();
      await expect.poll(() => libraryRows(page).count(), patient).toBe(2);
      const earlier = libraryRows(page).filter({ hasText: '历史版本' });
      expect(await earlier.count()).toBe(1);
      expect(await earlier.textContent()).toContain(first.versionNo);
      await keepShot(page, '05-pat-library-versions-zh-CN');
      await tab.close();
    },
  );

  it('Pat applies from the viewer to delete it naming Ada, who approves from her task: it goes to the recycle bin', async () => {
    const page = await enter(pat, 'zh-CN');
    await library(page);
    const tab = await openTab(page, libraryRows(page).locator('[id$="-name"]').first());
    await tab.locator('#workflow-action-applyDelete').click();
    await choose(tab, 'library-apply-approver', ada.name);
    await tab.locator('#library-apply-reason').fill(reason);
    await expectAccessible(tab, '05 apply for deletion dialog (zh-CN)', { within: '.ant-modal-wrap' });
    await keepShot(tab, '05-pat-apply-delete-zh-CN');
    const applied = tab.waitForResponse((r) => r.url().includes('/file/delete/apply'));
    await tab.locator('#library-apply-ok').click();
    expect((await applied).status()).toBe(200);
    await expect.poll(() => viewerStatus(tab), patient).toBe('删除审批中');
    expect(await status()).toBe(9);
    await tab.close();

    const home = await enter(ada, 'en-US');
    const task = home.locator('[id="task-table-pending"] tr.ant-table-row', { hasText: docName });
    await task.waitFor();
    expect(await task.locator('[id^="task-kind-"]').textContent()).toBe('Waiting for deletion approval');
    const adaTab = await openTab(home, task.locator('a').first());
    expect(await adaTab.locator('#library-deletion').textContent()).toContain(reason);
    expect(await viewerStatus(adaTab)).toBe('Deletion in approval');
    await expectAccessible(adaTab, '05 viewer, a deletion to approve (en-US)');
    await keepShot(adaTab, '05-ada-deletion-en-US');
    await adaTab.locator('#workflow-action-approveDelete').click();
    const decided = adaTab.waitForResponse((r) => /\/file\/delete\/\d+\/\d+\/a/.test(r.url()));
    await adaTab.locator('#workflow-action-approveDelete-ok').click();
    expect((await decided).status()).toBe(200);
    await adaTab.locator('#library-deleted').waitFor();
    const bin = await api(await study.tokenOf(ada), documentRoutes.recycled);
    expect(bin.map((r) => r.fileId)).toContain(fileId);

    // Ada deleted it: it is in her recycle bin.
    await home.goto(url('/work'));
    await home.locator('#recycle-bin').click();
    await home.locator('#recycle-table tr.ant-table-row', { hasText: docName }).waitFor();
    await expectAccessible(home, '05 recycle bin (en-US)');
    await keepShot(home, '05-ada-recycle-bin-en-US');
    await adaTab.close();
  });
});
