import { makePdf } from '@edoc/test-support/files';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason } from '../support/browser.ts';
import { optionOf } from '../support/select-steps.ts';
import { signIn, url } from '../support/sign-in.ts';
import { file } from '../support/world-documents.ts';
import { grant, makeStudy, type Person } from '../support/world.ts';

const REPORT = `Documents by status ${Date.now().toString(36)}`;

/** The groups table as text cells, row by row. */
async function groupRows(page: Page): Promise<string[][]> {
  await page.locator('#custom-report-groups .ant-table-row').first().waitFor();
  return page
    .locator('#custom-report-groups .ant-table-row')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));
}

/**
 * Issue 14, Custom Report in the browser: Pat (project administrator of the journey's study) builds a report of the
 * documents grouped by status as a bar chart, saves it shared with the project, runs it again and exports it to
 * Excel, whose cells are the table the page shows. Sam, a member with a single folder's view right, finds it in
 * the list (in Chinese) and runs it with his own rights.
 */
describe.skipIf(skipReason !== null)('custom report in Chromium', () => {
  let browser: Browser;
  let pat: Person;
  let sam: Person;
  let reportUrl = '';
  const project = 'Custom report study';

  beforeAll(async () => {
    const [study, connected] = await Promise.all([
      makeStudy({
        tag: 'CustomReport',
        projectName: project,
        people: { pat: { name: 'Pat Lead', role: 'STU_PM' }, sam: { name: 'Sam Staff', role: 'STU_STAFF' } },
      }),
      launch(),
    ]);
    browser = connected;
    ({ pat, sam } = study.people);
    // Sam may view one folder; Pat files two documents there, so the report has rows to group.
    await grant(study, pat, study.folder('8.2.1'), [{ subject: study.people.sam, docKeys: ['viewDoc'] }]);
    for (const name of ['Report sample one', 'Report sample two'])
      await file(study, study.people.pat, '8.2.1', makePdf(`${name}.pdf`, [name]), name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Pat builds, saves, runs again and exports a shared report (English)', { timeout: 180_000 }, async () => {
    const page = await signIn(browser, pat, 'en-US', { project });
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
    await expectAccessible(page, '11 report builder with its chart (en-US)');
    await keepShot(page, '11-custom-report-builder-en-US');

    await page.locator('#custom-report-save').click();
    await page.locator('#customReportSave_name').fill(REPORT);
    await page.locator('#custom-report-shared').click();
    await expectAccessible(page, '11 save dialog (en-US)', { within: '.ant-modal-wrap' });
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
    await expectAccessible(page, '11 saved report (en-US)');
    await keepShot(page, '11-custom-report-view-en-US');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#custom-report-export-xlsx').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${REPORT}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(await download.createReadStream());
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
      const page = await signIn(browser, sam, 'zh-CN', { project });
      await page.locator('li[data-menu-id$="-/report"]', { hasText: '报表' }).click();
      const row = page.locator('#custom-report-table .ant-table-row', { hasText: REPORT });
      await row.waitFor();
      expect(await row.textContent()).toContain(pat.name);
      expect(await row.textContent()).toContain('已共享');
      // Not his: no edit, no delete.
      expect(await row.locator('[id^="custom-report-edit-"]').count()).toBe(0);
      expect(await row.locator('[id^="custom-report-delete-"]').count()).toBe(0);
      await expectAccessible(page, '11 custom reports (zh-CN)');
      await keepShot(page, '11-custom-report-list-zh-CN');
      await row.locator('[id^="custom-report-open-"]').click();
      expect(page.url()).toBe(reportUrl);
      await page.locator('#custom-report-title', { hasText: REPORT }).waitFor();
      await page.locator('#custom-report-result').waitFor();
      await page.waitForTimeout(800);
      await expectAccessible(page, '11 shared report (zh-CN)');
      await keepShot(page, '11-custom-report-view-zh-CN');
      await page.goto(url('/report?new=1'));
      await page.locator('#custom-report-dataset').waitFor();
      await page.waitForTimeout(800);
      await expectAccessible(page, '11 report builder (zh-CN)');
      await keepShot(page, '11-custom-report-builder-zh-CN');
      await page.context().close();
    },
  );
});
