import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '@edoc/test-support/files';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, skipReason } from '../support/browser.ts';
import { optionOf } from '../support/select-steps.ts';
import { signIn } from '../support/sign-in.ts';
import { file } from '../support/world-documents.ts';
import { makeStudy, type Person } from '../support/world.ts';

/**
 * Issue 13, search inside documents, in the browser: a PDF and a Chinese Word file Pat filed (through the API:
 * journey 03 shows uploading) are read by the worker; Pat finds each by a word that is only inside it, from the
 * header's search box, and the hit opens the viewer on the page the word is on, with the word found there.
 */
describe.skipIf(skipReason !== null)('search inside documents in Chromium', () => {
  let browser: Browser;
  let pat: Person;
  const project = 'Search study';

  beforeAll(async () => {
    const [study, connected] = await Promise.all([
      makeStudy({ tag: 'Search', projectName: project, people: { pat: { name: 'Pat Lead', role: 'STU_PM' } } }),
      launch(),
    ]);
    browser = connected;
    pat = study.people.pat;
    const pdf = makePdf('Monitoring visit report.pdf', ['Monitoring visit report, version 2', 'Page two: signed']);
    await file(study, pat, '8.2.1', pdf);
    await file(
      study,
      pat,
      '8.2.1',
      await makeDocx('研究方案.docx', ['临床试验方案', '第一章 研究目的', 'Journey study protocol']),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Searches from the header until the document is found (its text is read by the worker a moment after upload). */
  async function find(page: Page, words: string, name: string) {
    const hit = page.locator('#search-results .ant-list-item', { hasText: name });
    await expect
      .poll(
        async () => {
          const box = page.locator('#header-search');
          await box.fill(words);
          await box.press('Enter');
          await page.locator('#search-results').waitFor();
          await page.waitForLoadState('networkidle');
          return hit.count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(1);
    return hit;
  }

  it(
    'Pat finds the PDF by a phrase on its second page and opens it there (English)',
    { timeout: 180_000 },
    async () => {
      const page = await signIn(browser, pat, 'en-US', { project });
      const hit = await find(page, '"page two" signed', 'Monitoring visit report');
      expect(await hit.locator('mark').first().textContent()).toMatch(/page two/i);
      expect(await hit.locator('[id$="-page"]').textContent()).toBe('Page 2');
      await expectAccessible(page, '08 search results (en-US)');
      await keepShot(page, '08-search-results-en-US');
      // A filter narrows the results and is kept in the address; clearing it brings the hit back.
      await page.locator('#search-type').click();
      await optionOf(page, 'search-type', 'DOCX').click();
      await page.waitForURL(/[?&]type=docx/);
      await page.getByText('No document matches').waitFor();
      await page.locator('#search-clear-filters').click();
      await hit.waitFor();
      expect(page.url()).not.toContain('type=');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), hit.locator('a[id$="-open"]').click()]);
      await expect
        .poll(() => tab.locator('#viewer-search-result').textContent(), { timeout: 60_000 })
        .toMatch(/page 2/);
      // The viewer scrolls to the page once the words are found; the page box follows the scroll a moment later.
      await expect.poll(() => tab.locator('#viewer-page-input').inputValue(), { timeout: 10_000 }).toBe('2');
      await expectAccessible(tab, '08 viewer at a search hit, its words marked (en-US)');
      await keepShot(tab, '08-search-viewer-en-US');
      await page.context().close();
    },
  );

  it('Pat finds the Chinese Word file by a word inside it (Chinese)', { timeout: 180_000 }, async () => {
    const page = await signIn(browser, pat, 'zh-CN', { project });
    const hit = await find(page, '研究目的', '研究方案');
    expect(await hit.locator('mark').first().textContent()).toBe('研究目的');
    await expectAccessible(page, '08 search results (zh-CN)');
    await keepShot(page, '08-search-results-zh-CN');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), hit.locator('a[id$="-open"]').click()]);
    await expect.poll(() => tab.locator('#viewer-search-result').textContent(), { timeout: 60_000 }).toMatch(/1/);
    await keepShot(tab, '08-search-viewer-zh-CN');
    await page.context().close();
  });
});
