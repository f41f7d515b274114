import { makePdf } from '@edoc/test-support/files';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason } from '../support/browser.ts';
import { signIn, url, type Lang } from '../support/sign-in.ts';
import { archived, dayIn, file, processed } from '../support/world-documents.ts';
import { libraryTree, makeStudy, type Person, type Study } from '../support/world.ts';

const STATUS_EN: Record<string, string> = {
  '1': 'Editing',
  '2': 'Waiting to be received',
  '3': 'In review',
  '4': 'In QC',
  '5': 'In approval',
  '6': 'Archived',
  '7': 'Waiting to be activated',
  '8': 'Processed',
  '9': 'Deletion in approval',
};

/** The report's table as text cells, row by row. */
async function tableRows(page: Page): Promise<string[][]> {
  await page.locator('#report-table .ant-table-row').first().waitFor();
  return page
    .locator('#report-table .ant-table-row')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));
}

/**
 * The chart is drawn on a canvas: its bars have no element to click. The pointer crosses the plot from left to right
 * a little above the axis, where every bar is, clicking as it goes, until a bar opens a list.
 */
async function clickFirstBar(page: Page) {
  const box = (await page.locator('[data-testid="report-chart"] canvas').first().boundingBox())!;
  const y = box.y + box.height * 0.8;
  for (let x = box.x + 30; x < box.x + box.width; x += 12) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(60);
    if (page.url().includes('/search')) return;
  }
  throw new Error('no bar answered a click');
}

/**
 * Issue 14, the System Report in the browser: Pat (project administrator of the journey's study) opens it beside the
 * operation trajectory, sees the documents by status, clicks a bar and lands on the list of exactly those
 * documents; the Excel export holds the table's cells. The company administrator sees the company report.
 */
describe.skipIf(skipReason !== null)('System Report and company report in Chromium', () => {
  let browser: Browser;
  let study: Study<'pat'>;
  let pat: Person;
  const project = 'Reports study';

  beforeAll(async () => {
    [study, browser] = await Promise.all([
      makeStudy({ tag: 'Reports', projectName: project, people: { pat: { name: 'Pat Lead', role: 'STU_PM' } } }),
      launch(),
    ]);
    pat = study.people.pat;
    await libraryTree(study, pat);
    // Documents in three states for the bars: two drafts, one processed, one archived (filed through the API).
    const pdf = (n: number) => makePdf(`report-${n}.pdf`, [`Report sample ${n}`]);
    for (const n of [1, 2]) await file(study, pat, '8.2.1', pdf(n));
    const route = { review: pat, qc: pat, approval: pat };
    const [done, kept] = [await file(study, pat, '8.2.1', pdf(3)), await file(study, pat, '8.2.1', pdf(4))];
    await processed(study, pat, done, route);
    await processed(study, pat, kept, route);
    await archived(study, pat, kept, dayIn(study.timeZone));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'Pat clicks a bar of documents by status and lands on those documents (English)',
    { timeout: 180_000 },
    async () => {
      const page = await signIn(browser, pat, 'en-US', { project });
      await page.goto(url('/manage/report'));
      await page.getByRole('tab', { name: 'System report' }).waitFor();
      await page.locator('#report-title', { hasText: 'Documents by status' }).waitFor();
      const rows = await tableRows(page);
      expect(rows.length).toBeGreaterThan(0);
      await page.locator('[data-testid="report-chart"] canvas').first().waitFor();
      await page.waitForTimeout(800); // the chart's entrance animation
      await expectAccessible(page, '10 system report with its chart (en-US)');
      await keepShot(page, '10-system-report-en-US');

      // The Excel export holds the table as the page shows it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('#report-export-xlsx').click(),
      ]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(await download.createReadStream());
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, 'Status', 'Documents']);
      rows.forEach(([label, count], i) => {
        expect(sheet.getCell(i + 2, 1).value).toBe(label);
        expect(sheet.getCell(i + 2, 2).value).toBe(Number(count));
      });

      await clickFirstBar(page);
      await page.waitForURL(/\/search\?status=\d/);
      const status = new URL(page.url()).searchParams.get('status')!;
      const counted = rows.find(([label]) => label === STATUS_EN[status])![1];
      await expect.poll(() => page.locator('#search-total').textContent()).toBe(`Documents found: ${counted}`);
      await keepShot(page, '10-system-report-opened-en-US');
      // Back returns to the report as it was.
      await page.goBack();
      await page.locator('#report-title', { hasText: 'Documents by status' }).waitFor();
      await page.context().close();
    },
  );

  it('the reports read in Chinese, and the trajectory keeps its tab (Chinese)', { timeout: 120_000 }, async () => {
    const page = await signIn(browser, pat, 'zh-CN', { project });
    await page.goto(url('/manage/report?report=stageDurations'));
    await page.locator('#report-title', { hasText: '各环节处理天数' }).waitFor();
    await page.locator('#report-table').waitFor();
    await page.waitForTimeout(800);
    await expectAccessible(page, '10 system report, days per stage (zh-CN)');
    await keepShot(page, '10-system-report-zh-CN');
    await page.getByRole('tab', { name: '操作轨迹' }).click();
    await page.waitForURL(/tab=trail/);
    await page.reload();
    expect(await page.getByRole('tab', { name: '操作轨迹' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('#trail-table').waitFor();
    await expectAccessible(page, '10 operation trajectory (zh-CN)');
    await page.context().close();
  });

  it.each(['en-US', 'zh-CN'] as const)(
    'the company administrator sees each project’s figures (%s)',
    async (lang: Lang) => {
      const page = await signIn(browser, study.companyAdmin, lang, 'company');
      await page.goto(url('/company/report'));
      await page.locator('#company-report-table').getByText(project).waitFor();
      await page.waitForTimeout(800);
      await expectAccessible(page, `10 company report with its charts (${lang})`);
      await keepShot(page, `10-company-report-${lang}`);
      await page.context().close();
    },
  );
});
