import { trailRoutes } from '@edoc/contract/trail-routes';
import { makePdf } from '@edoc/test-support/files';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason, waitForMail } from '../support/browser.ts';
import { keepTreeShots } from '../support/folder-steps.ts';
import { firstSignIn, signIn, url } from '../support/sign-in.ts';
import { archived, dayIn, file, processed } from '../support/world-documents.ts';
import { libraryTree, makeStudy, type Person, type Study } from '../support/world.ts';

/**
 * Issue 11, an inspector's visit, in the browser: Pat (project administrator, Chinese) invites an auditor by e-mail
 * for a week from /manage/inspector; the auditor (an English browser) gets the invitation and a temporary password,
 * changes it, sees the project tagged as an inspection, and reads only the file library: an archived protocol opens in
 * the viewer watermarked with no download, any other page of the project sends them back to the library, and every
 * page they opened is in the trail.
 */
describe.skipIf(skipReason !== null)('an inspector in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let study: Study<'pat'>;
  let pat: Person;
  let fileId: number;
  const project = 'Inspected study';
  const stamp = Date.now().toString(36);
  const auditor = { email: `auditor.${stamp}@agency.example`, name: 'Ines Auditor', password: 'Inspect-pw1!' };
  const docName = `Archived protocol ${stamp}`;

  beforeAll(async () => {
    // An archived protocol to read in the project's library tree (the library journey shows archiving in the
    // browser). With no stage enabled in this project, a sent document is processed at once.
    [study, browser] = await Promise.all([
      makeStudy({
        tag: 'Inspector',
        projectName: project,
        project: { reviewOpen: false, qcOpen: false, approveOpen: false },
        people: { pat: { name: 'Pat Lead', role: 'STU_PM' } },
      }),
      launch(),
    ]);
    pat = study.people.pat;
    await libraryTree(study, pat);
    fileId = await file(
      study,
      pat,
      '8.2.1',
      makePdf('protocol.pdf', ['Protocol v1.0', 'Archived for the inspection']),
      docName,
    );
    await processed(study, pat, fileId);
    await archived(study, pat, fileId, dayIn(study.timeZone));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Pat invites the auditor for a week from the inspectors page (Chinese)', async () => {
    page = await signIn(browser, pat, 'zh-CN', { project });
    await page.goto(url('/manage/inspector'));
    await page.locator('#inspector-invite').click();
    await page.locator('#inspectorForm_email').fill(auditor.email);
    await page.locator('#inspectorForm_userName').fill(auditor.name);
    await expectAccessible(page, '06 inspectors with the invitation dialog (zh-CN)');
    await page.locator('#inspector-period').click();
    await page.locator('#inspector-period').fill(dayIn(study.timeZone));
    await page.keyboard.press('Enter');
    await page.keyboard.type(dayIn(study.timeZone, 7));
    // Enter on the last field sends the form, as everywhere in edoc.
    const invited = page.waitForResponse((r) => r.url().includes('/manage/inspector/invite'));
    await page.keyboard.press('Enter');
    expect((await invited).status()).toBe(200);
    const row = page.locator('#inspector-table tr', { hasText: auditor.email });
    await row.getByText('有效').waitFor();
    await keepShot(page, '06-inspectors-zh');
    await page.context().close();
  });

  it('the auditor signs in with the mailed password and sees the project as an inspection (English)', async () => {
    const since = Date.now() - 120_000;
    const mail = await waitForMail(auditor.email, since);
    // The invitation, in the inviter's language for a new account, carries its temporary password.
    const temporary = /(?:Temporary password|临时密码)[:：]\s*(\S+)/.exec(mail)?.[1];
    expect(temporary, mail).toBeTruthy();
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(url('/login'));
    await firstSignIn(page, auditor.email, temporary!, auditor.password);
    await page.waitForURL(/\/select$/);
    const row = page.locator('#project-table tr', { hasText: project });
    await row.getByText('Inspection').waitFor();
    await expectAccessible(page, '06 project picker, an inspection (en-US)');
    await keepShot(page, '06-select-inspection-en');
    await row.getByText(project).click();
    await page.waitForURL(/\/file$/);
    await page.locator('#inspection-until').waitFor();
    const menu = await page.locator('#side-menu').getByRole('menuitem').allTextContents();
    expect(menu).toEqual(['File library', 'Personal centre']);
  });

  it('reads the archived protocol watermarked, without download, and nothing else of the project', async () => {
    const name = page.locator('#library-table').getByText(docName);
    await name.waitFor();
    await expectAccessible(page, "06 library, an inspector's (en-US)");
    await keepShot(page, '06-library-inspector-en');
    await keepTreeShots(page, '06-library-inspector');
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), name.click()]);
    await viewer.locator('#workflow-panel').waitFor();
    await viewer.locator('canvas, img').first().waitFor();
    expect(await viewer.locator('#viewer-download').count()).toBe(0);
    // Nothing the viewer asks for is refused to them (the workflow history is part of the record).
    await viewer.waitForLoadState('networkidle');
    expect(await viewer.locator('.ant-message-error').count()).toBe(0);
    await expectAccessible(viewer, "06 viewer, an inspector's (en-US)");
    await keepShot(viewer, '06-viewer-inspector-en');
    await viewer.close();
    for (const path of ['/work', '/home/pending', '/manage/user']) {
      await page.goto(url(path));
      await page.waitForURL(/\/file$/);
    }
    // The project's trail, as Pat reads it in the operation trajectory: the auditor's rows.
    const trail = await api(await study.tokenOf(pat), trailRoutes.list, { query: { pageSize: 500 } });
    const rows = trail.data.filter((r) => r.actorName === auditor.name);
    expect(rows.some((r) => r.objectType === 'inspection')).toBe(true);
    expect(rows.some((r) => r.objectType === 'document' && r.objectId === String(fileId) && r.type === 11)).toBe(true);
  });

  it('widens the folder panel by its bar, hides it and shows it again, and finds it so after reloading', async () => {
    await page.goto(url('/file'));
    const panel = page.locator('.ant-splitter-panel').first();
    await page.locator('#library-tree-hide').waitFor();
    const before = (await panel.boundingBox())!.width;
    const bar = (await page.locator('.ant-splitter-bar-dragger').boundingBox())!;
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + bar.width / 2 + 120, bar.y + bar.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await panel.boundingBox())!.width).toBeGreaterThan(before + 100);
    await page.locator('#library-tree-hide').click();
    await page.locator('#library-tree-show').waitFor();
    await expect.poll(async () => (await panel.boundingBox())!.width).toBeLessThan(1);
    await keepTreeShots(page, '06-library-tree-hidden');
    // Both the width and the hidden panel are the user's preference: kept in this browser for them.
    await page.reload();
    await page.locator('#library-tree-show').click();
    await page.locator('#library-tree-hide').waitFor();
    await expect.poll(async () => (await panel.boundingBox())!.width).toBeGreaterThan(before + 100);
  });
});
