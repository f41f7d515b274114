import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../apps/server/src/db/client.ts';
import { companies } from '../../apps/server/src/db/schema/companies.ts';
import { folders, members, projects, roles } from '../../apps/server/src/db/schema/projects.ts';
import { passwordHistory, users } from '../../apps/server/src/db/schema/users.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password.service.ts';
import { env, keepShot, launch, skipReason, type Account } from '../support/browser.ts';
import { makeDocx } from '@edoc/test-support/files';
import { apiSignIn, enter, url, type Lang } from '../support/library-steps.ts';

/**
 * Issue 15, editing an Office document without downloading and uploading it by hand: Pat (English) starts an edit
 * in the desktop app from the viewer; the page shows the session's WebDAV address, which the desktop suite (played
 * here by plain HTTP, as Word does: LOCK, PUT, UNLOCK is not needed) saves the changed file to; Li (Chinese) sees
 * who holds the document; Pat finishes and the viewer shows version V1.1. The project is the journey's own.
 */
describe.skipIf(skipReason !== null)('online editing journey in Chromium', () => {
  let browser: Browser;
  let db: Db;
  let pat: Account;
  let li: Account;
  let projectId: number;
  let fileId: number;
  let webdavUrl: string;
  const stamp = Date.now().toString(36);
  const project = `Editing study ${stamp}`;

  beforeAll(async () => {
    browser = await launch();
    db = createDb(env.databaseUrl, 2);
    const [company] = await db
      .insert(companies)
      .values({ name: `Editing company ${stamp}` })
      .returning();
    const [study] = await db
      .insert(projects)
      .values({ companyId: company.id, code: `EDIT-${stamp}`, name: project })
      .returning();
    projectId = study.id;
    const [pm] = await db
      .insert(roles)
      .values({ projectId, code: 'STU_PM', name: '项目管理员', builtin: true })
      .returning();
    const [folder] = await db
      .insert(folders)
      .values({ projectId, type: 0, name: '方案', nameEn: 'Protocol' })
      .returning();
    const password = 'Editing-pw1!';
    const passwordHash = await hashPassword(password);
    const person = async (name: string, lang: Lang): Promise<Account> => {
      const email = `${name.split(' ')[0].toLowerCase()}.edit.${stamp}@example.com`;
      const [user] = await db
        .insert(users)
        .values({ email, name, lang, userType: 3, companyId: company.id, passwordHash, mustChangePassword: false })
        .returning();
      await db.insert(passwordHistory).values({ userId: user.id, passwordHash });
      await db.insert(members).values({ projectId, userId: user.id, roleId: pm.id });
      return { email, password, name };
    };
    pat = await person('Pat Editor', 'en-US');
    li = await person('Li 审阅', 'zh-CN');
    // The document, filed through the API as an upload would be.
    const token = await apiSignIn(pat, projectId);
    const docx = await makeDocx('protocol.docx', ['Protocol, first draft']);
    const form = new FormData();
    form.append('folderId', String(folder.id));
    form.append('name', 'Protocol');
    form.append('file', new Blob([new Uint8Array(docx.buffer)], { type: docx.mimeType }), docx.name);
    const res = await fetch(url('/edoc/minio/file/save'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    fileId = ((await res.json()) as { data: { fileId: number } }).data.fileId;
  });
  afterAll(async () => {
    await browser?.close();
    await db?.$client.end();
  });

  it('Pat starts editing in the desktop app and the page shows where to open it (English)', async () => {
    const page = await enter(browser, pat, 'en-US', project);
    await page.goto(url(`/view?fileId=${fileId}`));
    await expect.poll(() => page.locator('#viewer-version').textContent()).toBe('Version V1.0');
    await page.locator('#edit-start').click();
    await page.getByText('In the desktop app (Word, WPS, LibreOffice)').click();
    webdavUrl = await page.locator('#edit-webdav-url').inputValue();
    expect(webdavUrl).toMatch(new RegExp(`^${env.baseUrl}/dav/[\\w-]{40,}/protocol\\.docx$`));
    expect(await page.locator('#edit-open-office').getAttribute('href')).toBe(`ms-word:ofe|u|${webdavUrl}`);
    await keepShot(page, '12-pat-editing-en-US');
    await page.context().close();
  });

  it('the desktop suite saves the changed file to that address', async () => {
    const lock = await fetch(webdavUrl, { method: 'LOCK', body: '<?xml version="1.0"?><lockinfo xmlns="DAV:"/>' });
    expect(lock.status).toBe(200);
    const token = lock.headers.get('lock-token')!;
    const changed = await makeDocx('protocol.docx', ['Protocol, second draft', '方案第二稿']);
    const put = await fetch(webdavUrl, {
      method: 'PUT',
      headers: { If: `(${token})` },
      body: new Uint8Array(changed.buffer),
    });
    expect(put.status).toBe(204);
  });

  it('Li sees who holds the document (Chinese)', async () => {
    const page = await enter(browser, li, 'zh-CN', project);
    await page.goto(url(`/view?fileId=${fileId}`));
    await expect.poll(() => page.locator('#edit-locked').textContent()).toContain('Pat Editor');
    expect(await page.locator('#edit-start').count()).toBe(0);
    await keepShot(page, '12-li-locked-zh-CN');
    await page.context().close();
  });

  it('Pat finishes and the viewer shows version V1.1 (English)', async () => {
    const page = await enter(browser, pat, 'en-US', project);
    await page.goto(url(`/view?fileId=${fileId}`));
    await page.locator('#edit-mine').waitFor();
    await page.locator('#edit-finish').click();
    await page.getByText('Saved as version V1.1').waitFor();
    await expect.poll(() => page.locator('#viewer-version').textContent()).toBe('Version V1.1');
    expect(await page.locator('#edit-mine').count()).toBe(0);
    await keepShot(page, '12-pat-saved-en-US');
    await page.context().close();
  });
});
