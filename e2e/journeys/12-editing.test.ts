import { makeDocx } from '@edoc/test-support/files';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { env, keepShot, launch, skipReason } from '../support/browser.ts';
import { signIn, url, type Lang } from '../support/sign-in.ts';
import { file } from '../support/world-documents.ts';
import { makeStudy } from '../support/world.ts';

/**
 * Issue 15, editing an Office document without downloading and uploading it by hand: Pat (English) starts an edit
 * in the desktop app from the viewer; the page shows the session's WebDAV address, which the desktop suite (played
 * here by plain HTTP, as Word does: LOCK, PUT, UNLOCK is not needed) saves the changed file to; Li (Chinese) sees
 * who holds the document; Pat finishes and the viewer shows version V1.1. The project is the journey's own.
 */
describe.skipIf(skipReason !== null)('online editing journey in Chromium', () => {
  let browser: Browser;
  let pat: Account;
  let li: Account;
  let fileId: number;
  let webdavUrl: string;
  const project = 'Editing study';

  beforeAll(async () => {
    const [study, connected] = await Promise.all([
      makeStudy({
        tag: 'Editing',
        projectName: project,
        people: { pat: { name: 'Pat Editor', role: 'STU_PM' }, li: { name: 'Li 审阅', role: 'STU_PM' } },
      }),
      launch(),
    ]);
    browser = connected;
    ({ pat, li } = study.people);
    // The document, filed through the API as an upload would be.
    fileId = await file(
      study,
      study.people.pat,
      '8.2.1',
      await makeDocx('protocol.docx', ['Protocol, first draft']),
      'Protocol',
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  const enter = (who: Account, lang: Lang) => signIn(browser, who, lang, { project });

  it('Pat starts editing in the desktop app and the page shows where to open it (English)', async () => {
    const page = await enter(pat, 'en-US');
    await page.goto(url(`/view?fileId=${fileId}`));
    await expect.poll(() => page.locator('#viewer-version').textContent()).toBe('Version V1.0');
    await expectAccessible(page, '12 viewer of a Word document (en-US)');
    await page.locator('#edit-start').click();
    await page.getByText('In the desktop app (Word, WPS, LibreOffice)').waitFor();
    await expectAccessible(page, '12 edit menu (en-US)', { within: '.ant-dropdown' });
    await page.getByText('In the desktop app (Word, WPS, LibreOffice)').click();
    webdavUrl = await page.locator('#edit-webdav-url').inputValue();
    expect(webdavUrl).toMatch(new RegExp(`^${env.baseUrl}/dav/[\\w-]{40,}/protocol\\.docx$`));
    expect(await page.locator('#edit-open-office').getAttribute('href')).toBe(`ms-word:ofe|u|${webdavUrl}`);
    await expectAccessible(page, '12 viewer while editing in the desktop app (en-US)');
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
    const page = await enter(li, 'zh-CN');
    await page.goto(url(`/view?fileId=${fileId}`));
    await expect.poll(() => page.locator('#edit-locked').textContent()).toContain('Pat Editor');
    expect(await page.locator('#edit-start').count()).toBe(0);
    await expectAccessible(page, '12 viewer, held by another (zh-CN)');
    await keepShot(page, '12-li-locked-zh-CN');
    await page.context().close();
  });

  it('Pat finishes and the viewer shows version V1.1 (English)', async () => {
    const page = await enter(pat, 'en-US');
    await page.goto(url(`/view?fileId=${fileId}`));
    await page.locator('#edit-mine').waitFor();
    await page.locator('#edit-finish').click();
    await page.getByText('Saved as version V1.1').waitFor();
    await expect.poll(() => page.locator('#viewer-version').textContent()).toBe('Version V1.1');
    expect(await page.locator('#edit-mine').count()).toBe(0);
    await expectAccessible(page, '12 viewer, saved as a new version (en-US)');
    await keepShot(page, '12-pat-saved-en-US');
    await page.context().close();
  });
});
