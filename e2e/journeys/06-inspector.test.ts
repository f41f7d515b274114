import type { Browser, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../apps/server/src/db/client.ts';
import { documents } from '../../apps/server/src/db/schema/documents.ts';
import { folders, projects } from '../../apps/server/src/db/schema/projects.ts';
import { trail } from '../../apps/server/src/db/schema/trail.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { env, keepShot, launch, recallAccount, skipReason, submitLogin, waitForMail } from '../support/browser.ts';
import { keepTreeShots } from '../support/folder-steps.ts';
import { makePdf } from '@edoc/test-support/files';
import { api, apiSignIn, dayIn, enter, url } from '../support/library-steps.ts';

/**
 * Issue 11, an inspector's visit, in the browser: Pat (project administrator, Chinese) invites an auditor by e-mail
 * for a week from /manage/inspector; the auditor (an English browser) gets the invitation and a temporary password,
 * changes it, sees the project tagged as an inspection, and reads only the file library: an archived protocol opens in
 * the viewer watermarked with no download, any other page of the project sends them back to the library, and every
 * page they opened is in the trail.
 */
describe.skipIf(skipReason !== null)('an inspector in Chromium', () => {
  let browser: Browser;
  let db: Db;
  let page: Page;
  const project = 'Journey study';
  const stamp = Date.now().toString(36);
  const auditor = { email: `auditor.${stamp}@agency.example`, name: 'Ines Auditor', password: 'Inspect-pw1!' };
  const docName = `Archived protocol ${stamp}`;

  beforeAll(async () => {
    browser = await launch();
    db = createDb(env.databaseUrl, 2);
    // An archived protocol to read (a factory: the library journey shows archiving in the browser). With no stage
    // enabled a sent document is processed at once; the project's stages are put back afterwards.
    const pat = await recallAccount('projectAdmin');
    const [study] = await db.select().from(projects).where(eq(projects.name, project));
    const stages = { reviewOpen: study.reviewOpen, qcOpen: study.qcOpen, approveOpen: study.approveOpen };
    await db
      .update(projects)
      .set({ reviewOpen: false, qcOpen: false, approveOpen: false })
      .where(eq(projects.id, study.id));
    try {
      const token = await apiSignIn(pat, study.id);
      const [folder] = await db
        .select()
        .from(folders)
        .where(and(eq(folders.projectId, study.id), eq(folders.ichCode, '8.2.1'), eq(folders.type, 0)));
      const form = new FormData();
      form.set('folderId', String(folder.id));
      form.set('name', docName);
      const pdf = makePdf('protocol.pdf', ['Protocol v1.0', 'Archived for the inspection']);
      form.set('file', new Blob([new Uint8Array(pdf.buffer)], { type: pdf.mimeType }), pdf.name);
      const saved = await fetch(url('/edoc/minio/file/save'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const { fileId } = ((await saved.json()) as { data: { fileId: number } }).data;
      await api(token, 'POST', '/file/apply/save', { fileId, stages: [] });
      await api(token, 'POST', '/file/archive', { fileId, startDate: dayIn(study.timeZone) });
    } finally {
      await db.update(projects).set(stages).where(eq(projects.id, study.id));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await db?.$client.end();
  });

  it('Pat invites the auditor for a week from the inspectors page (Chinese)', async () => {
    const pat = await recallAccount('projectAdmin');
    page = await enter(browser, pat, 'zh-CN', project);
    await page.goto(url('/manage/inspector'));
    await page.locator('#inspector-invite').click();
    await page.locator('#inspectorForm_email').fill(auditor.email);
    await page.locator('#inspectorForm_userName').fill(auditor.name);
    const [study] = await db.select().from(projects).where(eq(projects.name, project));
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
    await submitLogin(page, auditor.email, temporary!);
    await page.locator('form#passwordEdit').waitFor();
    await page.locator('#passwordEdit_newPassword').fill(auditor.password);
    await page.locator('#passwordEdit_confirmPassword').fill(auditor.password);
    await page.locator('#password-edit-submit').click();
    await page.locator('#login-submit').waitFor();
    await submitLogin(page, auditor.email, auditor.password);
    await page.waitForURL(/\/select$/);
    const row = page.locator('#project-table tr', { hasText: project });
    await row.getByText('Inspection').waitFor();
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
    await keepShot(page, '06-library-inspector-en');
    await keepTreeShots(page, '06-library-inspector');
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), name.click()]);
    await viewer.locator('#workflow-panel').waitFor();
    await viewer.locator('canvas, img').first().waitFor();
    expect(await viewer.locator('#viewer-download').count()).toBe(0);
    // Nothing the viewer asks for is refused to them (the workflow history is part of the record).
    await viewer.waitForLoadState('networkidle');
    expect(await viewer.locator('.ant-message-error').count()).toBe(0);
    await keepShot(viewer, '06-viewer-inspector-en');
    await viewer.close();
    for (const path of ['/work', '/home/pending', '/manage/user']) {
      await page.goto(url(path));
      await page.waitForURL(/\/file$/);
    }
    const [me] = await db.select().from(users).where(eq(users.email, auditor.email));
    const rows = await db.select().from(trail).where(eq(trail.actorId, me.id));
    expect(rows.some((r) => r.objectType === 'inspection')).toBe(true);
    const [doc] = await db.select().from(documents).where(eq(documents.name, docName));
    expect(rows.some((r) => r.objectType === 'document' && r.objectId === String(doc.id) && r.type === 11)).toBe(true);
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
