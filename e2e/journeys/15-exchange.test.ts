import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { apiSignIn, upload } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { keepShot, launch, settled, skipReason, visit } from '../support/browser.ts';
import {
  ARTIFACTS,
  EMS_SCHEMA,
  bulkPackage,
  companyModel,
  objectsOf,
  otherProject,
  run,
  taskZip,
  unzipTo,
  useModel,
  type ArtifactKey,
} from '../support/exchange-steps.ts';
import { desk, signIn, url, type Lang } from '../support/sign-in.ts';
import { answerOf, text } from '../support/tmf-steps.ts';
import { makeStudy, type Study } from '../support/world.ts';

/**
 * Issue 28's journey, once in each language, each in its own pair of projects of one company on a model numbered
 * as the TMF Reference Model (the shipped ICH tree's 8.2.x cannot be exported): Pat, the project administrator,
 * certifies a scan as a copy of its paper original page by page, exports the project as an eTMF-EMS package,
 * imports it into the company's other project through its preview (one mapping corrected), and checks the
 * inspection package with its own verifier, on the command line and in the browser. Everything a person does is
 * done in the pages; the API makes only the company, the accounts, the model, the second project and the
 * documents filed (the upload is journey 03's).
 */

/** The documents filed in the exported project: the scan (three pages), a plan, and one the selection leaves out. */
const DOCS: Record<'scan' | 'plan' | 'other', { artifact: ArtifactKey; name: string; pages: string[] }> = {
  scan: { artifact: 'consent', name: 'Signed consent scan', pages: ['Consent page 1', 'Consent page 2', 'Page 3'] },
  plan: { artifact: 'plan', name: 'TMF plan v1', pages: ['TMF plan'] },
  other: { artifact: 'other', name: 'Management plan v1', pages: ['Management plan'] },
};

/** What the packed verifier says when nothing failed (verifier/messages.mjs all_ok), in the page's language. */
const ALL_OK: Record<Lang, string> = { 'en-US': 'Every check holds.', 'zh-CN': '全部校验通过。' };

describe.skipIf(skipReason !== null).each(['zh-CN', 'en-US'] as const)(
  'Exchange: certify, export, import with its preview, inspection package, in %s (issue 28)',
  (lang: Lang) => {
    let browser: Browser;
    let study: Study<'pat'>;
    let tmp: string;
    const project = `Exchange ${lang} study`;
    const target = `Exchange ${lang} import target`;
    const ids: Record<string, number> = {};
    let folders: Record<ArtifactKey, number>;
    let targetFolders: Record<ArtifactKey, number>;
    let emsZip: Buffer | null = null;
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const shot = (page: Page, name: string) => keepShot(page, `15-${name}-${lang}`);
    const pat = () => desk(browser, study.people.pat, lang, { project });
    let importer: Promise<Page> | null = null;
    /** Pat's window in the other project (a second sign-in: a window is in one project at a time). */
    const patInTarget = () => (importer ??= signIn(browser, study.people.pat, lang, { project: target }));

    beforeAll(async () => {
      [study, browser, tmp] = await Promise.all([
        makeStudy({
          tag: `Exchange ${lang}`,
          projectName: project,
          people: { pat: { name: `Pat Lead ${lang}`, role: 'STU_PM' } },
        }),
        launch(),
        fs.mkdtemp(path.join(os.tmpdir(), 'edoc-e2e-15-')),
      ]);
      const modelId = await companyModel(study, `Reference model ${lang}`);
      const targetId = await otherProject(study, target, study.people.pat);
      const [token, targetToken] = await Promise.all([
        study.tokenOf(study.people.pat),
        apiSignIn(study.people.pat, targetId),
      ]);
      [folders, targetFolders] = await Promise.all([useModel(token, modelId), useModel(targetToken, modelId)]);
      for (const [key, doc] of Object.entries(DOCS)) {
        ids[key] = await upload(token, folders[doc.artifact], makePdf(`${key}.pdf`, doc.pages), doc.name);
      }
    });
    afterAll(async () => {
      await browser?.close();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    });

    it('Pat checks every page of the scan in the viewer and certifies it as a copy; the tag shows there and in the list', async () => {
      const page = await pat();
      await visit(page, `/work?folder=${folders.consent}`);
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        page.locator(`#document-row-${ids.scan}-view`).click(),
      ]);
      await tab.locator('#viewer-certify-start').click();
      const count = tab.locator('#viewer-certify-count');
      const total = DOCS.scan.pages.length;
      // The page being read counts at once; each "Next unchecked page" reaches one more.
      await expect.poll(() => count.textContent()).toBe(t('viewer.certify.count', { checked: 1, total }));
      expect(await tab.locator('#viewer-certify-sign').isDisabled()).toBe(true);
      for (let checked = 2; checked <= total; checked++) {
        await tab.locator('#viewer-certify-next').click();
        await expect.poll(() => count.textContent()).toBe(t('viewer.certify.count', { checked, total }));
      }
      expect(await tab.locator('#viewer-certify-next').isDisabled()).toBe(true);
      await settled(tab);
      await expectAccessible(tab, `15 every page checked (${lang})`);
      await shot(tab, 'pages-checked');

      await tab.locator('#viewer-certify-sign').click();
      const email = tab.locator('input[name="signature-email"]');
      if (await email.count()) await email.fill(study.people.pat.email);
      await tab.locator('input[name="signature-password"]').fill(study.people.pat.password);
      await tab.locator('input[name="signature-confirmed"]').check();
      expect(await tab.locator('#viewer-certify-statement').textContent()).toBe(
        t('viewer.certify.statement', { pages: total }),
      );
      await expectAccessible(tab, `15 certify dialog (${lang})`, { within: '.ant-modal-wrap' });
      await shot(tab, 'certify-dialog');
      const certified = tab.waitForResponse((r) => new URL(r.url()).pathname.includes('/certified-copy/certify/'));
      await tab.locator('#viewer-certify-ok').click();
      expect((await certified).status()).toBe(200);
      await expect.poll(() => tab.locator('#viewer-certified-copy').textContent()).toBe(t('certifiedCopy.tag'));
      await settled(tab);
      await expectAccessible(tab, `15 viewer, a certified copy (${lang})`);
      await shot(tab, 'viewer-certified');
      await tab.close();

      // The folder's list, loaded again, marks it too.
      await page.goto(url(`/work?folder=${folders.consent}`));
      await expect
        .poll(() => page.locator(`#document-row-${ids.scan}-certified`).textContent())
        .toBe(t('certifiedCopy.tag'));
      await settled(page);
      await expectAccessible(page, `15 the list with a certified copy (${lang})`);
      await shot(page, 'list-certified');
    });

    it('Pat exports two artifacts as an EMS package; exchange.xml names them, the copy certified, and validates', async () => {
      const page = await pat();
      await visit(page, '/exchange/export');
      const artifacts = page.locator('#exportForm_artifactIds');
      for (const key of ['plan', 'consent'] as const) {
        const { number } = ARTIFACTS[key];
        await artifacts.click();
        await artifacts.fill(number);
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', {
            hasText: new RegExp(`^${number.replaceAll('.', '\\.')} `),
          })
          .click();
      }
      await page.keyboard.press('Escape');
      await settled(page);
      await expectAccessible(page, `15 export form, two artifacts chosen (${lang})`);
      await shot(page, 'export-form');
      const created = (await answerOf(page, { path: '/exchange/export' }, () =>
        page.locator('#export-start').click(),
      )) as { id: number; documentCount: number };
      expect(created.documentCount).toBe(2);
      emsZip = await taskZip(page, lang, created.id);
      await settled(page);
      await expectAccessible(page, `15 export done (${lang})`);
      await shot(page, 'export-done');

      const entries = readZip(emsZip);
      const xml = entries.find((e) => e.name === 'exchange.xml')!.content.toString('utf8');
      const objects = objectsOf(xml);
      expect(objects.map((o) => o.title).sort()).toEqual([DOCS.scan.name, DOCS.plan.name].sort());
      expect(objects.find((o) => o.title === DOCS.scan.name)!.copy).toBe('Yes');
      expect(objects.find((o) => o.title === DOCS.plan.name)!.copy).toBe('No');
      expect(entries.some((e) => e.name === 'manifest-sha256.txt')).toBe(true);
      const file = path.join(tmp, 'exchange.xml');
      await fs.writeFile(file, xml);
      // xmllint exits non-zero (and execFile rejects with its message) unless the file validates.
      await run('xmllint', ['--noout', '--schema', EMS_SCHEMA, file]);
    });

    it('Pat imports the package into the other project: the preview, one mapping corrected, filed; the Source tab', async () => {
      expect(emsZip, 'the package of the step before').not.toBeNull();
      const page = await patInTarget();
      await visit(page, '/exchange/import');
      await page
        .locator('.ant-upload-wrapper', { has: page.locator('#exchange-import-upload') })
        .locator('input[type=file]')
        .setInputFiles({ name: 'package.zip', mimeType: 'application/zip', buffer: emsZip! });
      await page.waitForURL(/\/exchange\/import\/\d+$/);
      const importId = Number(/(\d+)$/.exec(page.url())![1]);
      const state = page.locator('#exchange-import-state');
      await expect
        .poll(() => state.textContent(), { timeout: 60_000, interval: 250 })
        .toContain(t('exchangeImport.state.preview'));
      const rows = page.locator('#exchange-import-rows tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      await settled(page);
      await expectAccessible(page, `15 import preview (${lang})`);
      await shot(page, 'import-preview');

      // The plan goes to another artifact's folder, under a corrected name.
      const rowOf = async (name: string) => Number(await rows.filter({ hasText: name }).getAttribute('data-row-key'));
      const planRow = await rowOf(DOCS.plan.name);
      const scanRow = await rowOf(DOCS.scan.name);
      await page.locator(`#exchange-row-correct-${planRow}`).click();
      const dialog = page.locator('.ant-modal-wrap:visible');
      await expect.poll(() => page.locator('#exchange-target-name').inputValue()).toBe(DOCS.plan.name);
      await page.locator('#exchange-target-folder').click();
      await page.locator('#exchange-target-folder').fill(ARTIFACTS.other.number);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', {
          hasText: ARTIFACTS.other.number,
        })
        .last()
        .click();
      const corrected = `${DOCS.plan.name} (corrected)`;
      await page.locator('#exchange-target-name').fill(corrected);
      await expectAccessible(page, `15 correct a mapping (${lang})`, { within: '.ant-modal-wrap' });
      await shot(page, 'import-correct');
      await answerOf(page, { path: `/exchange/import/${importId}/rows` }, () =>
        page.locator('#exchange-target-ok').click(),
      );
      await dialog.waitFor({ state: 'hidden' });
      await answerOf(page, { path: `/exchange/import/${importId}/rows` }, () =>
        page.locator('#exchange-accept-all').click(),
      );
      await expect.poll(() => page.locator('#exchange-summary-accepted').textContent()).toBe('2');
      await page.locator('#exchange-start').click();
      await answerOf(page, { path: `/exchange/import/${importId}/accept` }, () =>
        page.locator('#exchange-start-ok').click(),
      );
      await expect
        .poll(() => state.textContent(), { timeout: 60_000, interval: 250 })
        .toContain(t('exchangeImport.state.done'));
      const open = (row: number) => page.locator(`#exchange-row-document-${row}`);
      await open(scanRow).waitFor();
      // The plan was filed where it was sent: the corrected artifact's folder.
      expect(await open(planRow).getAttribute('href')).toContain(`folder=${targetFolders.other}&`);
      expect(await rows.filter({ hasText: DOCS.plan.name }).innerText()).toContain(ARTIFACTS.other.number);
      const scanAddress = (await open(scanRow).getAttribute('href'))!;
      await settled(page);
      await expectAccessible(page, `15 import done (${lang})`);
      await shot(page, 'import-done');

      // Opened, the plan bears the corrected name.
      await open(planRow).click();
      await page.locator('#document-panel-title', { hasText: corrected }).waitFor();
      // The tree beside it counts what was filed.
      const count = page.locator(`#document-folder-${targetFolders.other} .folder-tree-count`);
      await expect.poll(() => count.textContent()).toBe('1');
      // The certified scan: its source signature and audit records, as the source's and not edoc's.
      await visit(page, scanAddress);
      await page.locator('#document-panel-title', { hasText: DOCS.scan.name }).waitFor();
      await page.locator('#document-panel-tab-source').click();
      const source = t('exchangeImport.sourceFacts.signatures', { source: study.companyName });
      await expect.poll(() => page.locator('#document-source-signatures-title').textContent()).toBe(source);
      expect(await page.locator('#document-source-audit-title').textContent()).toBe(
        t('exchangeImport.sourceFacts.audit', { source: study.companyName }),
      );
      await expect
        .poll(() => page.locator('#document-source-signatures tr.ant-table-row').innerText())
        .toContain(study.people.pat.name);
      expect(await page.locator('#document-source-audit tr.ant-table-row').count()).toBeGreaterThan(0);
      await settled(page);
      await expectAccessible(page, `15 the Source tab (${lang})`);
      await shot(page, 'source-tab');
    });

    it('Pat bulk-imports a zip of PDFs with a spreadsheet, sees its values and a suggestion, files them', async () => {
      const binder = await bulkPackage();
      const page = await patInTarget();
      await visit(page, '/exchange/bulk');
      const input = (id: string) =>
        page.locator('.ant-upload-wrapper', { has: page.locator(`#${id}`) }).locator('input[type=file]');
      for (const [id, f] of [
        ['bulk-import-zip', binder.zip],
        ['bulk-import-sheet', binder.sheet],
      ] as const) {
        await input(id).setInputFiles({ name: f.name, mimeType: f.mimeType, buffer: f.buffer });
      }
      await expect.poll(() => page.locator('#bulk-import-sheet-name').textContent()).toBe(binder.sheet.name);
      await expectAccessible(page, `15 bulk import, a zip and its spreadsheet chosen (${lang})`);
      await shot(page, 'bulk-chosen');
      await page.locator('#bulk-import-send').click();
      await page.waitForURL(/\/exchange\/bulk\/\d+$/);
      const state = page.locator('#bulk-import-state');
      await expect
        .poll(() => state.textContent(), { timeout: 60_000, interval: 250 })
        .toContain(t('bulkImport.state.preview'));
      const rows = page.locator('#bulk-import-rows tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      // The spreadsheet's values on the two files it names; a suggested artifact, with how sure, on the third.
      for (const name of binder.named) {
        const row = (await rows.filter({ hasText: name }).innerText()).replace(/\s+/g, ' ');
        expect(row).toContain(t('bulkImport.row.fromSheet'));
      }
      const suggested = rows.filter({ hasText: binder.suggested });
      expect(await suggested.innerText()).toContain(t('bulkImport.row.fromSuggestion'));
      expect(await suggested.innerText()).toContain(ARTIFACTS.other.number);
      await suggested.locator('[id^="bulk-row-confidence-"]').waitFor();
      await settled(page);
      await expectAccessible(page, `15 bulk import preview (${lang})`);
      await shot(page, 'bulk-preview');

      await page.locator('#bulk-import-rows thead .ant-table-selection-column input').check();
      await page.locator('#bulk-accept-selected').click();
      await page.locator('#bulk-start:not([disabled])').click();
      await page.locator('#bulk-start-ok').click();
      await expect
        .poll(() => state.textContent(), { timeout: 60_000, interval: 250 })
        .toContain(t('bulkImport.state.done'));
      await expect.poll(() => page.locator('[id^="bulk-row-document-"]').count()).toBe(3);
      await settled(page);
      await expectAccessible(page, `15 bulk import done (${lang})`);
      await shot(page, 'bulk-done');
      // A file named by the spreadsheet is filed under the name it gave.
      await rows.filter({ hasText: binder.named[0] }).locator('[id^="bulk-row-document-"]').click();
      await page.locator('#document-panel-title', { hasText: binder.named[0] }).waitFor();
    });

    it('Pat downloads the inspection package: its verifier passes on the command line and in the browser', async () => {
      const page = await pat();
      // Loaded afresh: the form of the export before keeps its artifacts; this one takes the whole project.
      await page.goto(url('/exchange/export'));
      await page.locator('input[type=radio][value="inspection"]').check();
      const created = (await answerOf(page, { path: '/exchange/export' }, () =>
        page.locator('#export-start').click(),
      )) as { id: number; documentCount: number };
      expect(created.documentCount).toBe(3);
      const zip = await taskZip(page, lang, created.id);
      const dir = await unzipTo(zip, path.join(tmp, 'inspection'));
      // Exit 0 only when no check failed (execFile rejects otherwise, with the lines it printed).
      const { stdout } = await run(process.execPath, [path.join(dir, 'verify/verify.mjs'), dir, `--lang=${lang}`]);
      expect(stdout).toContain(ALL_OK[lang]);

      // The page needs no server: opened from the folder, the folder chosen.
      const verifier = await page.context().newPage();
      await verifier.goto(pathToFileURL(path.join(dir, 'verify/verify.html')).href);
      await verifier.locator('#folder').setInputFiles(dir);
      await expect.poll(() => verifier.locator('#summary').textContent(), { timeout: 60_000 }).toBe(ALL_OK[lang]);
      expect(await verifier.locator('#results li.fail').count()).toBe(0);
      await expectAccessible(verifier, `15 the verifier page (${lang})`);
      await shot(verifier, 'verifier');
      await verifier.close();
    });
  },
);
