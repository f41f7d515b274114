import { Stage } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { makePdf } from '@edoc/test-support/files';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, journeyServer } from '../support/api.ts';
import { launch, skipReason } from '../support/browser.ts';
import { captchaAnswer } from '../support/captcha.ts';
import { focusIs, focusLandsOn, focusedDescription, pressTo, pressUntil, tabTo } from '../support/keyboard.ts';
import { url } from '../support/sign-in.ts';
import { file } from '../support/world-documents.ts';
import { makeStudy, type Person, type Study } from '../support/world.ts';

/**
 * Issue 31: everything a mouse does, done with the keyboard alone (Tab, Shift+Tab, Enter, Space, the arrows, Escape,
 * typing; `page.keyboard` only, never a click), in one window: Kit signs in (the verification code refreshed from the
 * keyboard), chooses his project, passes a review that asks for his e-signature, opens a folder in the tree, walks the
 * document list and its side panel, opens a row's menu and leaves it, files a new document through the file chooser,
 * reads a document's pages in the viewer, searches, and opens the management report. Each step checks where the focus
 * is, so a trap or a focus lost to <body> fails here, naming the elements Tab went through.
 */
describe.skipIf(skipReason !== null)('the keyboard-only journey in Chromium', () => {
  let browser: Browser;
  let study: Study<'kit'>;
  let kit: Person;
  const stamp = Date.now().toString(36);
  const plan = `Keyboard plan ${stamp}`;
  const review = `Keyboard review ${stamp}`;
  const filed = `Keyboard upload ${stamp}`;
  let planId: number;

  beforeAll(async () => {
    [study, browser] = await Promise.all([
      makeStudy({
        tag: 'Keyboard',
        projectName: 'Keyboard study',
        people: { kit: { name: 'Kit Keys', role: 'STU_PM' } },
      }),
      launch(),
    ]);
    ({ kit } = study.people);
    planId = await file(
      study,
      kit,
      '8.2.1',
      makePdf('plan.pdf', ['Plan page one', 'Plan page two', 'Plan three']),
      plan,
    );
    const reviewId = await file(study, kit, '8.2.1', makePdf('review.pdf', ['Review me']), review);
    // Kit is each stage's assignee; the review asks for his e-signature.
    await api(await study.tokenOf(kit), workflowRoutes.send, {
      body: {
        fileId: reviewId,
        stages: [
          { stage: Stage.Review, userIds: [kit.id], signatureRequired: true },
          { stage: Stage.Qc, userIds: [kit.id] },
          { stage: Stage.Approval, userIds: [kit.id] },
        ],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const press = (page: Page, key: string) => page.keyboard.press(key);

  /** Signs in from the login page's fields, the verification code's image refreshed by Enter and read as it now is. */
  async function signIn(page: Page) {
    await page.goto(url('/login'));
    await page.locator('#captcha-image').waitFor();
    await tabTo(page, '#login_email');
    await page.keyboard.type(kit.email);
    await tabTo(page, '#login_password');
    await page.keyboard.type(kit.password);
    await tabTo(page, '#captcha-image');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/captcha')),
      press(page, 'Enter'),
    ]);
    const fresh = ((await answer.json()) as { data: { id: string; image: string } }).data;
    await page.waitForFunction(
      (src) => document.querySelector('#captcha-image')?.getAttribute('src') === src,
      fresh.image,
    );
    await tabTo(page, '#login_captchaCode', { back: true });
    await page.keyboard.type(await captchaAnswer(journeyServer().databaseUrl, fresh.id));
    await press(page, 'Enter');
    await page.waitForURL(/\/select$/);
  }

  /** Through the side menu (arrows, Enter) to the entry of `path`, opening a group on the way when asked. */
  async function menuTo(page: Page, path: string, group?: string) {
    await tabTo(page, '#side-menu', { back: true, max: 60 });
    if (group) {
      await pressTo(page, 'ArrowDown', `[data-menu-id$="-${group}"]`);
      await press(page, 'Enter');
    }
    await pressTo(page, 'ArrowDown', `[data-menu-id$="-${path}"]`);
    await press(page, 'Enter');
    await page.waitForURL((u) => u.pathname === path);
  }

  /** "Skip to content", the first Tab stop: the focus on the page's main region. */
  async function skipToContent(page: Page) {
    await tabTo(page, '#skip-to-content', { back: true, max: 80 });
    await press(page, 'Enter');
    await focusLandsOn(page, 'main#main-content');
  }

  it('signs in, works and finds with the keyboard alone', { timeout: 120_000 }, async () => {
    const started = Date.now();
    let lap = started;
    const laps: string[] = [];
    // Each lap is printed as it ends: a journey stopped by its timeout shows how far it came.
    const step = (name: string) => {
      laps.push(`${name} ${((Date.now() - lap) / 1000).toFixed(1)}`);
      console.log(`keyboard-only journey: ${laps.at(-1)} s`);
      lap = Date.now();
    };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();

    // Signing in and choosing the project (its name is a link: Enter enters).
    await signIn(page);
    await page.locator('#project-table').waitFor();
    await tabTo(page, `#project-enter-${study.projectId}`);
    await press(page, 'Enter');
    await page.waitForURL(/\/home/);

    step('signIn');
    // The pending review, passed with the e-signature: Space selects the row, the pass dialog signs.
    await press(page, 'Tab');
    expect(await focusIs(page, '#skip-to-content')).toBe(true);
    await press(page, 'Enter');
    await focusLandsOn(page, 'main#main-content');
    const row = `#task-table-pending input[type=checkbox][aria-label="${review}"]`;
    await page.locator(row).waitFor();
    await tabTo(page, row, { max: 60 });
    await press(page, 'Space');
    await tabTo(page, '#task-pass-selected', { back: true });
    await press(page, 'Enter');
    await page.locator('#task-pass-sign-needed').waitFor();
    const email = page.locator('.ant-modal input[name="signature-email"]');
    if (await email.count()) {
      await tabTo(page, 'input[name="signature-email"]');
      await page.keyboard.type(kit.email);
    }
    await tabTo(page, 'input[name="signature-password"]');
    await page.keyboard.type(kit.password);
    await tabTo(page, 'input[name="signature-confirmed"]');
    await press(page, 'Space');
    await tabTo(page, '#task-pass-ok');
    const passed = page.waitForResponse((r) => r.url().includes('/file/batch/a'));
    await press(page, 'Enter');
    expect((await passed).status()).toBe(200);
    await focusLandsOn(page, '#task-pass-close');
    await press(page, 'Enter');
    // "Pass selected" is disabled now that nothing is selected: the focus is the page's again, not <body>'s.
    await focusLandsOn(page, 'main#main-content');

    step('pass');
    // The workspace, a folder chosen in the tree (typed into its filter, then the arrows and Enter).
    await menuTo(page, '/work');
    // The router keeps the last page on screen while the next one's script loads: Tab waits for the new one.
    await page.locator('#document-folder-filter').waitFor();
    await skipToContent(page);
    await tabTo(page, '#document-folder-filter');
    await page.keyboard.type('8.2.1');
    await tabTo(page, '[role=tree]');
    await pressUntil(page, 'ArrowDown', '.ant-tree-treenode-active [data-ich-code="8.2.1"]');
    await press(page, 'Enter');
    await page.locator('.ant-tree-treenode-selected [data-ich-code="8.2.1"]').waitFor();

    step('folder');
    // The list: the arrows move, Enter opens the side panel, which follows the cursor; Escape closes it.
    await page.locator('#document-table tr.ant-table-row', { hasText: plan }).waitFor();
    await tabTo(page, '.table-keys');
    await pressUntil(page, 'ArrowDown', `tr.table-row-cursor:has(#document-row-${planId}-open)`);
    await press(page, 'Enter');
    await page.locator('.ant-drawer-title', { hasText: plan }).waitFor();
    const openDoc = () => new URL(page.url()).searchParams.get('doc');
    // Home or End moves the cursor to another row (the folder holds two), and the panel follows it; then back.
    const rows = await page.locator('#document-table tr.ant-table-row').allTextContents();
    const planFirst = rows.findIndex((text) => text.includes(plan)) === 0;
    await press(page, planFirst ? 'End' : 'Home');
    await expect.poll(openDoc).not.toBe(String(planId));
    const cursorOnPlan = `tr.table-row-cursor:has(#document-row-${planId}-open)`;
    await pressUntil(page, planFirst ? 'ArrowUp' : 'ArrowDown', cursorOnPlan);
    await expect.poll(openDoc).toBe(String(planId));
    // The address changes first; the page draws the panel (and the list's keys learn which row is open) in the
    // navigation's transition after it. Enter before that draw opened the row again instead of entering the panel
    // (1 of 6 CI runs): a person presses it on the panel they see.
    await page.locator('#document-panel-title', { hasText: plan }).waitFor();

    step('list');
    // Enter again goes into the panel; its View link opens the viewer (a new tab), whose pages Page Down reads.
    await press(page, 'Enter');
    await focusLandsOn(page, '.document-panel');
    await tabTo(page, '#document-panel-view');
    const [viewer] = await Promise.all([context.waitForEvent('page'), press(page, 'Enter')]);
    await viewer.locator('#viewer-pages canvas').first().waitFor();
    await tabTo(viewer, '#viewer-pages', { max: 40 });
    await press(viewer, 'PageDown');
    await press(viewer, 'PageDown');
    await expect.poll(() => viewer.locator('#viewer-page-input').inputValue()).not.toBe('1');
    await viewer.close();

    step('viewer');
    // Back in the panel: Escape closes it, and the focus is the list's again.
    await page.bringToFront();
    await focusLandsOn(page, '#document-panel-view');
    await press(page, 'Escape');
    await page.waitForURL((u) => !u.searchParams.has('doc'));
    await focusLandsOn(page, '.table-keys');

    step('panelClose');
    // The row's "more" menu: ArrowDown opens it on its first item, the arrows move, Escape gives the focus back.
    await tabTo(page, `#document-row-${planId}-more`);
    await press(page, 'ArrowDown');
    await focusLandsOn(page, '.ant-dropdown-menu-item');
    const first = await focusedDescription(page);
    await press(page, 'ArrowDown');
    // The menu moves its focus in a later frame than the key: wait for it rather than read it at once.
    await expect.poll(() => focusedDescription(page)).not.toBe(first);
    await press(page, 'Escape');
    await focusLandsOn(page, `#document-row-${planId}-more`);

    step('menu');
    // A new document, its file given through the chooser opened by Enter. Playwright catches a file chooser only once
    // it has asked Chromium to (an exchange begun by waitForEvent); a lone key press can overtake that request, and the
    // chooser then opens unseen (the "defect" of 28 November). Waiting is begun before Tab walks to the button.
    await tabTo(page, '#document-create', { back: true });
    await press(page, 'Enter');
    await focusLandsOn(page, '#documentForm_name');
    await page.keyboard.type(filed);
    const choosing = page.waitForEvent('filechooser');
    await tabTo(page, '#document-form-file');
    await press(page, 'Enter');
    const chooser = await choosing;
    const pdf = makePdf('filed.pdf', ['Filed from the keyboard']);
    await chooser.setFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
    await focusLandsOn(page, '#document-form-file');
    await tabTo(page, '#document-form-ok');
    const created = page.waitForResponse((r) => r.url().includes('/minio/file/save'));
    await press(page, 'Enter');
    expect((await created).status()).toBe(200);
    await page.locator('#document-table tr.ant-table-row', { hasText: filed }).waitFor();
    await focusLandsOn(page, '#document-create');

    step('upload');
    // The header's search: typed, Enter, the results.
    await tabTo(page, '#header-search', { back: true, max: 60 });
    await page.keyboard.type(plan);
    await press(page, 'Enter');
    await page.waitForURL(/\/search\?/);
    await page.locator('#search-results .ant-list-item', { hasText: plan }).waitFor();

    step('search');
    // The management report, through the menu's Management group: its chart and its table.
    await menuTo(page, '/manage/report', '/manage');
    await page.locator('#report-table').waitFor();
    await page.locator('[data-testid="report-chart"] canvas').first().waitFor();

    step('report');
    console.log(`keyboard-only journey: ${((Date.now() - started) / 1000).toFixed(1)} s (${laps.join(', ')})`);
    await context.close();
  });
});
