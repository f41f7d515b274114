import { makePdf } from '@edoc/test-support/files';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason } from '../support/browser.ts';
import { signIn, url, type Lang } from '../support/sign-in.ts';
import { makeStudy } from '../support/world.ts';

/**
 * Issue 14, the project's message board in the browser, each person in their own language: Pat (project
 * administrator, Chinese) posts a topic with a file and mentions Casey with @; Casey (staff, English) sees the
 * unread mark and the mention, opens the topic, downloads nothing but reads it, and replies; Pat sees the reply
 * as unread and reads it. The project is the journey's own (support/world.ts).
 */
describe.skipIf(skipReason !== null)('message board journey in Chromium', () => {
  let browser: Browser;
  let pat: Account;
  let casey: Account;
  const stamp = Date.now().toString(36);
  const project = 'Board study';
  const subject = `Monitoring visit ${stamp}`;

  beforeAll(async () => {
    const [study, connected] = await Promise.all([
      makeStudy({
        tag: 'Board',
        projectName: project,
        people: {
          pat: { name: 'Pat 管理员', role: 'STU_PM' },
          casey: { name: 'Casey Coordinator', role: 'STU_STAFF' },
        },
      }),
      launch(),
    ]);
    browser = connected;
    ({ pat, casey } = study.people);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const enter = (who: Account, lang: Lang) => signIn(browser, who, lang, { project });

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
    const page = await enter(pat, 'zh-CN');
    await page.locator('.ant-menu').getByText('留言板').click();
    await page.waitForURL(/\/board$/);
    await page.getByText('还没有主题，来发布第一个吧。').waitFor();
    await expectAccessible(page, '09 board, empty (zh-CN)');
    await keepShot(page, '09-pat-board-empty-zh-CN');
    await page.locator('#board-new').click();
    await page.locator('#boardTopic_subject').fill(subject);
    await mention(page, 'boardTopic_body', '下周一现场监查，请确认<b>访视安排</b>。\n第二行', casey);
    const pdf = makePdf('visit-plan.pdf', ['Visit plan']);
    await page
      .locator('.ant-modal:visible input[type=file]')
      .setInputFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
    await page.locator('.ant-modal:visible').getByText('visit-plan.pdf').waitFor();
    await expectAccessible(page, '09 new topic dialog, a mention and a file (zh-CN)', { within: '.ant-modal-wrap' });
    await keepShot(page, '09-pat-new-topic-zh-CN');
    const posted = page.waitForResponse((r) => r.url().includes('/board/topic/a'));
    await page.locator('#board-topic-ok').click();
    expect((await posted).status()).toBe(200);
    await page.waitForURL(/\/board\/\d+$/);
    // What Pat typed is shown as typed: the markup is text, the line break kept.
    await expect.poll(() => page.locator('#board-topic-body').textContent()).toContain('<b>访视安排</b>');
    expect(await page.locator('#board-topic-body b').count()).toBe(0);
    await page.getByRole('button', { name: /visit-plan\.pdf/ }).waitFor();
    await expectAccessible(page, '09 topic (zh-CN)');
    await keepShot(page, '09-pat-topic-zh-CN');
    await page.context().close();
  });

  it('Casey sees the unread topic and the mention, opens it and replies (English)', async () => {
    const page = await enter(casey, 'en-US');
    // The menu tells of the new topic and of the mention before the board is opened.
    const entry = page.locator('.ant-menu-item', { hasText: 'Message board' });
    await entry.locator('.menu-mention-badge').waitFor();
    await expect.poll(() => entry.locator('.menu-board-badge').textContent()).toBe('1');
    await entry.click();
    await topicRow(page).getByText('New').waitFor();
    await expectAccessible(page, '09 board, a new topic (en-US)');
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
    await expectAccessible(page, '09 board, mentions of me (en-US)');
    await keepShot(page, '09-casey-mentions-en-US');
    await page.locator('#board-mentions').getByRole('link', { name: subject }).click();
    await page.waitForURL(/\/board\/\d+$/);
    await page.locator('#board-topic-subject', { hasText: subject }).waitFor();
    await mention(page, 'boardReply_body', 'Confirmed, see you Monday.', pat);
    const replied = page.waitForResponse((r) => r.url().includes('/board/reply/a'));
    await page.locator('#board-reply-ok').click();
    expect((await replied).status()).toBe(200);
    await page.locator('#board-replies').getByText('Confirmed, see you Monday.').waitFor();
    await expectAccessible(page, '09 topic with a reply (en-US)');
    await keepShot(page, '09-casey-replied-en-US');
    // Reading it cleared the marks: nothing new on the board for Casey.
    await page.goto(url('/board'));
    await topicRow(page).waitFor();
    expect(await topicRow(page).getByText('New').count()).toBe(0);
    await page.context().close();
  });

  it('Pat sees the reply as new and reads it (Chinese)', async () => {
    const page = await enter(pat, 'zh-CN');
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
