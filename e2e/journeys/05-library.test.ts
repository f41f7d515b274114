import type { Browser, Page } from 'playwright-core';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../apps/server/src/db/client.ts';
import { documents, documentVersions } from '../../apps/server/src/db/schema/documents.ts';
import { folderGrants, projects, roles } from '../../apps/server/src/db/schema/projects.ts';
import { templates } from '../../apps/server/src/db/schema/templates.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { libraryEntries } from '../../apps/server/src/db/schema/library.ts';
import {
  captchaAnswer,
  env,
  keepShot,
  launch,
  recallAccount,
  skipReason,
  submitLogin,
  type Account,
} from '../support/browser.ts';

/**
 * Issue 11 in the browser, after the workflow journey left a processed document (8): Pat (in Chinese) archives it
 * from the workspace with tomorrow's effective date, so it waits to be activated (7); the activation job, with a clock
 * the journey moves on, archives it (6). In the library Pat marks it obsolete and valid again, recalls it, takes the
 * revision through review, QC and approval from the viewer and archives it there, sees both versions, and applies to
 * delete it naming Ada, who approves (in English) from her task: it goes to the recycle bin.
 */
describe.skipIf(skipReason !== null)('library journeys in Chromium', () => {
  let browser: Browser;
  let db: Db;
  let pat: Account;
  let ada: Account;
  let fileId: number;
  let docName: string;
  const url = (p: string) => `${env.baseUrl}${p}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    pat = await recallAccount('projectAdmin');
    browser = await launch();
    db = createDb(env.databaseUrl, 2);
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(like(documents.name, 'Site monitoring plan %'), eq(documents.status, 8)));
    if (!doc) throw new Error('no processed document: the workflow journey (04) did not run');
    fileId = doc.id;
    docName = doc.name;
    // Ada, who approved it, may also approve its deletion: the team role of 04 gains deleteDoc on its folder.
    const [project] = await db.select().from(projects).where(eq(projects.name, 'Journey study'));
    const [team] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.projectId, project.id), eq(roles.name, 'Study team')));
    const keys = [...team.docKeys, 'deleteDoc'];
    await db.update(roles).set({ docKeys: keys }).where(eq(roles.id, team.id));
    await db
      .update(folderGrants)
      .set({ docKeys: keys })
      .where(and(eq(folderGrants.subjectType, 'role'), eq(folderGrants.subjectId, team.id)));
    // The project's library tree: the ICH template applied to it, as Pat would in Folder Management.
    const token = await apiSignIn(pat, project.id);
    const [ich] = await db.select().from(templates).where(isNull(templates.companyId));
    await api(token, 'POST', '/folder/template/apply', { templateId: ich.id, type: 1 });
    const [adaRow] = await db.select().from(users).where(eq(users.name, 'Ada Approver'));
    ada = { email: adaRow.email, password: 'Team-pw1!', name: adaRow.name };
  });
  afterAll(async () => {
    await browser?.close();
    await db?.$client.end();
  });

  /** Signs in through the API (the captcha answered from its hash, as the browser helpers do) and enters the project. */
  async function apiSignIn(who: Account, projectId: number): Promise<string> {
    const captcha = await api<{ id: string }>(null, 'GET', '/captcha');
    const login = await api<{ token: string }>(null, 'POST', '/login', {
      email: who.email,
      password: who.password,
      captchaId: captcha.id,
      captchaCode: await captchaAnswer(captcha.id),
    });
    await api(login.token, 'POST', '/common/study/entry', { studyId: projectId });
    return login.token;
  }

  async function api<T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(url(`/edoc${path}`), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { status: boolean; msg: string; data: T };
    if (!json.status) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  }

  async function enter(who: Account, lang: 'zh-CN' | 'en-US'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.locator('#lang-switch').click();
    await page.locator(`#lang-option-${lang}`).click();
    await submitLogin(page, who.email, who.password);
    await page.waitForURL(/\/select$/);
    await page.locator('#project-table').getByText('Journey study').click();
    await page.waitForURL(/\/home/);
    return page;
  }

  const statusOf = async () => (await db.select().from(documents).where(eq(documents.id, fileId)))[0];
  const libraryRow = (page: Page) => page.locator('#library-table tr.ant-table-row', { hasText: docName });

  /** A date typed into an antd DatePicker and taken with Enter. */
  async function typeDate(page: Page, id: string, date: string) {
    const input = page.locator(`#${id}`);
    await input.click();
    await input.fill(date);
    await input.press('Enter');
    // The calendar stays open over the dialog's buttons: a click on the dialog's title closes it.
    await page.locator('.ant-modal:visible .ant-modal-title').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  }

  it('Pat archives it from the workspace with tomorrow as its effective date; the next day it is archived', { timeout: 150_000 }, async () => {
    const page = await enter(pat, 'zh-CN');
    await page.goto(url('/work'));
    await page.locator('[id^="document-folder-"]', { hasText: /^8\.2\.1 / }).click();
    const row = page.locator('#document-table tr.ant-table-row', { hasText: docName });
    await row.locator('.ant-checkbox-input').check();
    await page.locator('#document-archive-selected').click();
    await typeDate(page, 'library-archive-start', day(1));
    await page.locator('#library-archive-future').waitFor();
    await keepShot(page, '05-pat-archive-zh-CN');
    // One document selected: archived on its own (POST /file/archive), many: as a batch.
    const archived = page.waitForResponse((r) => /\/file\/(archive|batch\/archived)$/.test(new URL(r.url()).pathname));
    await page.locator('#library-archive-ok').click();
    expect((await archived).status()).toBe(200);
    await expect.poll(async () => (await statusOf()).status).toBe(7);

    // A day passes: the entry's effective date is moved back to today, and the server's worker (every minute)
    // activates it.
    await db.update(libraryEntries).set({ effectiveDate: day(0) }).where(eq(libraryEntries.documentId, fileId));
    await expect.poll(async () => (await statusOf()).status, { timeout: 80_000, interval: 1000 }).toBe(6);
    await page.context().close();
  });

  it('in the library Pat marks it obsolete (hidden, then shown struck through) and valid again', async () => {
    const page = await enter(pat, 'zh-CN');
    await page.goto(url('/file'));
    await libraryRow(page).waitFor();
    await keepShot(page, '05-pat-library-zh-CN');
    await libraryRow(page).locator('[id$="-invalid"]').click();
    await page.locator('.ant-popover:visible [id$="-invalid-ok"]').click();
    await expect.poll(() => libraryRow(page).count()).toBe(0);
    await page.locator('#library-show-invalid').click();
    await libraryRow(page).waitFor();
    const name = libraryRow(page).locator('[id$="-name"]').first();
    expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    await libraryRow(page).locator('[id$="-invalid"]').click();
    await page.locator('.ant-popover:visible [id$="-invalid-ok"]').click();
    await expect
      .poll(() => name.evaluate((el) => getComputedStyle(el).textDecorationLine), { timeout: 10_000 })
      .not.toContain('line-through');
    await page.context().close();
  });

  it('Pat recalls it, takes the revision through the workflow in the viewer and archives it there', async () => {
    const page = await enter(pat, 'zh-CN');
    await page.goto(url('/file'));
    await libraryRow(page).locator('[id$="-recall"]').click();
    await page.locator('.ant-popover:visible [id$="-recall-ok"]').click();
    await expect.poll(async () => (await statusOf()).status).toBe(1);
    const versions = await db.select().from(documentVersions).where(eq(documentVersions.documentId, fileId));
    expect(versions).toHaveLength(2);

    // The revision (V2) in the viewer: sent to Pat himself for each stage, passed three times, archived.
    await page.goto(url(`/view?fileId=${fileId}`));
    await page.locator('#workflow-action-send').click();
    for (const stage of [3, 4, 5]) {
      const input = page.locator(`#sendForm_stages_${stage}_assignees`);
      await input.fill(pat.name);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: pat.name })
        .first()
        .waitFor();
      await input.press('Enter');
      await input.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    }
    await page.locator('#workflow-send-ok').click();
    for (let i = 0; i < 3; i++) {
      await page.locator('#workflow-action-pass').click();
      const passed = page.waitForResponse((r) => r.url().includes('/file/audit/'));
      await page.locator('#workflow-decide-ok').click();
      expect((await passed).status()).toBe(200);
    }
    await page.locator('#workflow-action-archive').click();
    // In effect today (the document's own effective date is still the first archive's, tomorrow).
    await typeDate(page, 'library-archive-start', day(0));
    const archived = page.waitForResponse((r) => r.url().includes('/file/archive'));
    await page.locator('#library-archive-ok').click();
    expect((await archived).status()).toBe(200);
    await expect.poll(async () => (await statusOf()).status).toBe(6);

    // Both archived versions are in the library; the first is marked as an earlier version.
    await page.goto(url('/file'));
    await page.locator('#library-show-superseded').click();
    await expect.poll(() => libraryRow(page).count()).toBe(2);
    await keepShot(page, '05-pat-library-versions-zh-CN');
    await page.context().close();
  });

  it('Pat applies to delete it naming Ada, who approves from her task: it goes to the recycle bin', async () => {
    const page = await enter(pat, 'zh-CN');
    await page.goto(url('/file'));
    await libraryRow(page).locator('[id$="-apply-delete"]').click();
    await page.locator('#library-apply-approver').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ada.name }).first().click();
    await page.locator('#library-apply-reason').fill('与已签署的纸质版重复');
    const applied = page.waitForResponse((r) => r.url().includes('/file/delete/apply'));
    await page.locator('#library-apply-ok').click();
    expect((await applied).status()).toBe(200);
    expect((await statusOf()).status).toBe(9);
    await page.context().close();

    const home = await enter(ada, 'en-US');
    const task = home.locator('[id="task-table-pending"] tr.ant-table-row', { hasText: docName });
    await task.waitFor();
    expect(await task.locator('[id^="task-kind-"]').textContent()).toBe('Waiting for deletion approval');
    const [tab] = await Promise.all([home.context().waitForEvent('page'), task.locator('a').first().click()]);
    await tab.locator('#library-deletion').waitFor();
    expect(await tab.locator('#library-deletion').textContent()).toContain('与已签署的纸质版重复');
    await keepShot(tab, '05-ada-deletion-en-US');
    await tab.locator('#workflow-action-approveDelete').click();
    await tab.locator('#workflow-action-approveDelete-ok').click();
    await expect.poll(async () => (await statusOf()).deletedAt).not.toBeNull();
    await home.context().close();
  });
});
