import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, keepShot, launch, recallAccount, skipReason, type Account } from '../support/browser.ts';
import { api, enter, url } from '../support/library-steps.ts';
import { optionOf } from '../support/select-steps.ts';

const REPORT = `Documents by status ${Date.now().toString(36)}`;

/** Signs in through the API and enters the journeys' study: the token, and the study's id. */
async function signInToStudy(who: Account): Promise<{ token: string; studyId: number }> {
  const captcha = await api<{ id: string }>(null, 'GET', '/captcha');
  const { token } = await api<{ token: string }>(null, 'POST', '/login', {
    email: who.email,
    password: who.password,
    captchaId: captcha.id,
    captchaCode: await captchaAnswer(captcha.id),
  });
  const studies = await api<{ data: Array<{ study_id: number; study_name: string }> }>(token, 'GET', '/common/study');
  const studyId = studies.data.find((s) => s.study_name === 'Journey study')!.study_id;
  await api(token, 'POST', '/common/study/entry', { studyId });
  return { token, studyId };
}

/** Files a small PDF as Pat, so the report has documents whatever journeys ran before. */
async function fileDocument(token: string, folderId: number, name: string) {
  const form = new FormData();
  form.set('folderId', String(folderId));
  form.set('name', name);
  form.set('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]), `${name}.pdf`);
  const res = await fetch(url('/edoc/minio/file/save'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await res.json()) as { status: boolean }).status).toBe(true);
}

/** The groups table as text cells, row by row. */
async function groupRows(page: Page): Promise<string[][]> {
  await page.locator('#custom-report-groups .ant-table-row').first().waitFor();
  return page
    .locator('#custom-report-groups .ant-table-row')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));
}

/**
 * Issue 14, Custom Report in the browser: Pat (project administrator of the journeys' study) builds a report of the
 * documents grouped by status as a bar chart, saves it shared with the project, runs it again and exports it to
 * Excel, whose cells are the table the page shows. Sam, a member with a single folder's view right, finds it in
 * the list (in Chinese) and runs it with his own rights.
 */
describe.skipIf(skipReason !== null)('custom report in Chromium', () => {
  let browser: Browser;
  let pat: Account;
  let sam: Account;
  let reportUrl = '';

  beforeAll(async () => {
    browser = await launch();
    pat = await recallAccount('projectAdmin');
    sam = await recallAccount('viewOnlyStaff');
    const { token } = await signInToStudy(pat);
    const folders = await api<Array<{ folderId: number; type: number; isEnabled: boolean; canCreateFile: boolean }>>(
      token,
      'GET',
      '/folder/names',
    );
    const folder = folders.find((f) => f.type === 0 && f.canCreateFile)!;
    for (const name of ['Report sample one', 'Report sample two']) await fileDocument(token, folder.folderId, name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Pat builds, saves, runs again and exports a shared report (English)', { timeout: 180_000 }, async () => {
    const page = await enter(browser, pat, 'en-US', 'Journey study');
    await page.locator('li[data-menu-id$="-/report"]').click();
    await page.waitForURL(/\/report$/);
    await page.locator('#custom-report-create').click();
    await page.waitForURL(/\/report\?new=1/);

    await page.locator('#custom-report-group-by').click();
    await optionOf(page, 'custom-report-group-by', 'Document status').click();
    await page.locator('#custom-report-chart').getByText('Bar', { exact: true }).click();
    await page.locator('[data-testid="report-chart"] canvas').first().waitFor();
    const preview = await groupRows(page);
    expect(preview.map((r) => r[0])).toContain('Editing');
    await page.waitForTimeout(800); // the chart's entrance animation
    await keepShot(page, '11-custom-report-builder-en-US');

    await page.locator('#custom-report-save').click();
    await page.locator('#customReportSave_name').fill(REPORT);
    await page.locator('#custom-report-shared').click();
    await page.locator('#custom-report-save-ok').click();
    await page.waitForURL(/\/report\?id=\d+$/);
    reportUrl = page.url();
    await page.locator('#custom-report-title', { hasText: REPORT }).waitFor();

    // Run again: the server reads the data of now.
    const rerun = page.waitForResponse((r) => /\/edoc\/report\/custom\/run\/\d+$/.test(r.url()));
    await page.locator('#custom-report-rerun').click();
    expect((await rerun).status()).toBe(200);
    const shown = await groupRows(page);
    await page.locator('[data-testid="report-chart"] canvas').first().waitFor();
    await page.waitForTimeout(800);
    await keepShot(page, '11-custom-report-view-en-US');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#custom-report-export-xlsx').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${REPORT}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Document status', 'Count']);
    const cells: string[][] = [];
    for (let r = 2; r <= sheet.rowCount; r++)
      cells.push([String(sheet.getCell(r, 1).value), String(sheet.getCell(r, 2).value)]);
    expect(cells).toEqual(shown);
    await page.context().close();
  });

  it(
    'Sam finds the shared report in the list and runs it with his own rights (Chinese)',
    { timeout: 180_000 },
    async () => {
      const page = await enter(browser, sam, 'zh-CN', 'Journey study');
      await page.locator('li[data-menu-id$="-/report"]', { hasText: '报表' }).click();
      const row = page.locator('#custom-report-table .ant-table-row', { hasText: REPORT });
      await row.waitFor();
      expect(await row.textContent()).toContain(pat.name);
      expect(await row.textContent()).toContain('已共享');
      // Not his: no edit, no delete.
      expect(await row.locator('[id^="custom-report-edit-"]').count()).toBe(0);
      expect(await row.locator('[id^="custom-report-delete-"]').count()).toBe(0);
      await keepShot(page, '11-custom-report-list-zh-CN');
      await row.locator('[id^="custom-report-open-"]').click();
      expect(page.url()).toBe(reportUrl);
      await page.locator('#custom-report-title', { hasText: REPORT }).waitFor();
      await page.locator('#custom-report-result').waitFor();
      await page.waitForTimeout(800);
      await keepShot(page, '11-custom-report-view-zh-CN');
      await page.goto(url('/report?new=1'));
      await page.locator('#custom-report-dataset').waitFor();
      await page.waitForTimeout(800);
      await keepShot(page, '11-custom-report-builder-zh-CN');
      await page.context().close();
    },
  );
});
