import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../apps/server/src/db/client.ts';
import { companies } from '../../apps/server/src/db/schema/companies.ts';
import { members, projects, roles } from '../../apps/server/src/db/schema/projects.ts';
import { passwordHistory, users } from '../../apps/server/src/db/schema/users.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password.service.ts';
import { env, keepShot, launch, skipReason, type Account } from '../support/browser.ts';
import { makePdf } from '@edoc/test-support/files';
import { enter, url, type Lang } from '../support/library-steps.ts';

/**
 * Issue 14, the project's message board in the browser, each person in their own language: Pat (project
 * administrator, Chinese) posts a topic with a file and mentions Casey with @; Casey (staff, English) sees the
 * unread mark and the mention, opens the topic, downloads nothing but reads it, and replies; Pat sees the reply
 * as unread and reads it. The project is the journey's own (made as a factory would), so it runs alone too.
 */
describe.skipIf(skipReason !== null)('message board journey in Chromium', () => {
  let browser: Browser;
  let db: Db;
  let pat: Account;
  let casey: Account;
  const stamp = Date.now().toString(36);
  const project = `Board study ${stamp}`;
  const subject = `Monitoring visit ${stamp}`;

  beforeAll(async () => {
    browser = await launch();
    db = createDb(env.databaseUrl, 2);
    const [company] = await db
      .insert(companies)
      .values({ name: `Board company ${stamp}` })
      .returning();
    const [study] = await db
      .insert(projects)
      .values({ companyId: company.id, code: `BOARD-${stamp}`, name: project })
      .returning();
    const [pm] = await db
      .insert(roles)
      .values({ projectId: study.id, code: 'STU_PM', name: '项目管理员', builtin: true })
      .returning();
    const [staff] = await db
      .insert(roles)
      .values({ projectId: study.id, code: 'STU_STAFF', name: 'Staff', builtin: true })
      .returning();
    const password = 'Board-pw1!';
    const passwordHash = await hashPassword(password);
    const person = async (name: string, lang: Lang, roleId: number): Promise<Account> => {
      const email = `${name.split(' ')[0].toLowerCase()}.board.${stamp}@example.com`;
      const [user] = await db
        .insert(users)
        .values({ email, name, lang, userType: 3, companyId: company.id, passwordHash, mustChangePassword: false })
        .returning();
      await db.insert(passwordHistory).values({ userId: user.id, passwordHash });
      await db.insert(members).values({ projectId: study.id, userId: user.id, roleId });
      return { email, password, name };
    };
    pat = await person('Pat 管理员', 'zh-CN', pm.id);
    casey = await person('Casey Coordinator', 'en-US', staff.id);
  });
  afterAll(async () => {
    await browser?.close();
    await db?.$client.end();
  });

  /** The board's row of the journey's topic. */
  const topicRow = (page: Page) => page.locator('[id="board-table"] tr.ant-table-row', { hasText: subject });

  /** Types "@" and a name's start into a mention box, and picks the member from the list it offers. */
  async function mention(page: Page, boxId: string, text: string, who: Account) {
    const box = page.locator(`#${boxId}`);
    await box.fill(text);
    await box.pressSequentially(` @${who.name.slice(0, 3)}`);
    await page
      .locator('.ant-mentions-dropdown:visible .ant-mentions-dropdown-menu-item', { hasText: who.email })
      .click();
    await expect.poll(() => box.inputValue()).toContain(`@${who.name}`);
  }

  it('Pat posts a topic with a file and mentions Casey (Chinese)', async () => {
    const page = await enter(browser, pat, 'zh-CN', project);
    await page.locator('.ant-menu').getByText('留言板').click();
    await page.waitForURL(/\/board$/);
    await page.getByText('还没有主题，来发布第一个吧。').waitFor();
    await keepShot(page, '09-pat-board-empty-zh-CN');
    await page.locator('#board-new').click();
    await page.locator('#boardTopic_subject').fill(subject);
    await mention(page, 'boardTopic_body', '下周一现场监查，请确认<b>访视安排</b>。\n第二行', casey);
    const pdf = makePdf('visit-plan.pdf', ['Visit plan']);
    await page
      .locator('.ant-modal:visible input[type=file]')
      .setInputFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
    await page.locator('.ant-modal:visible').getByText('visit-plan.pdf').waitFor();
    await keepShot(page, '09-pat-new-topic-zh-CN');
    const posted = page.waitForResponse((r) => r.url().includes('/board/topic/a'));
    await page.locator('#board-topic-ok').click();
    expect((await posted).status()).toBe(200);
    await page.waitForURL(/\/board\/\d+$/);
    // What Pat typed is shown as typed: the markup is text, the line break kept.
    await expect.poll(() => page.locator('#board-topic-body').textContent()).toContain('<b>访视安排</b>');
    expect(await page.locator('#board-topic-body b').count()).toBe(0);
    await page.getByRole('button', { name: /visit-plan\.pdf/ }).waitFor();
    await keepShot(page, '09-pat-topic-zh-CN');
    await page.context().close();
  });

  it('Casey sees the unread topic and the mention, opens it and replies (English)', async () => {
    const page = await enter(browser, casey, 'en-US', project);
    // The menu tells of the new topic and of the mention before the board is opened.
    const entry = page.locator('.ant-menu-item', { hasText: 'Message board' });
    await entry.locator('.menu-mention-badge').waitFor();
    await expect.poll(() => entry.locator('.menu-board-badge').textContent()).toBe('1');
    await entry.click();
    await topicRow(page).getByText('New').waitFor();
    await keepShot(page, '09-casey-board-en-US');
    await page.getByRole('tab', { name: /Mentions of me/ }).click();
    await page
      .locator('#board-mentions')
      .getByText(/mentioned you/)
      .waitFor();
    // The tab's content fades in: the picture is taken once it is all there.
    await page.locator('#board-read-all:enabled').waitFor();
    const shown = (el: Element) => {
      let opacity = 1;
      for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
      return opacity;
    };
    await expect.poll(() => page.locator('#board-mentions').evaluate(shown)).toBe(1);
    await keepShot(page, '09-casey-mentions-en-US');
    await page.locator('#board-mentions').getByRole('link', { name: subject }).click();
    await page.waitForURL(/\/board\/\d+$/);
    await page.locator('#board-topic-subject', { hasText: subject }).waitFor();
    await mention(page, 'boardReply_body', 'Confirmed, see you Monday.', pat);
    const replied = page.waitForResponse((r) => r.url().includes('/board/reply/a'));
    await page.locator('#board-reply-ok').click();
    expect((await replied).status()).toBe(200);
    await page.locator('#board-replies').getByText('Confirmed, see you Monday.').waitFor();
    await keepShot(page, '09-casey-replied-en-US');
    // Reading it cleared the marks: nothing new on the board for Casey.
    await page.goto(url('/board'));
    await topicRow(page).waitFor();
    expect(await topicRow(page).getByText('New').count()).toBe(0);
    await page.context().close();
  });

  it('Pat sees the reply as new and reads it (Chinese)', async () => {
    const page = await enter(browser, pat, 'zh-CN', project);
    await page.goto(url('/board'));
    await topicRow(page).getByText('未读').waitFor();
    await keepShot(page, '09-pat-board-unread-zh-CN');
    await topicRow(page).getByRole('link', { name: subject }).click();
    await page.locator('#board-replies').getByText('Confirmed, see you Monday.').waitFor();
    await page.locator('#board-pin').click();
    await page.locator('.ant-card-head').getByText('置顶').waitFor();
    await keepShot(page, '09-pat-reply-read-zh-CN');
    await page.context().close();
  });
});
