import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@edoc/test-support/files';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { api, type Account } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { env, keepShot, launch, skipReason, visit } from '../support/browser.ts';
import { localeTrees, type LocaleTree } from '../support/locales.ts';
import { signIn, type Lang } from '../support/sign-in.ts';
import { archived, dayIn, file, processed, sent } from '../support/world-documents.ts';
import { libraryTree, makeStudy, type Study } from '../support/world.ts';

import { ERRORS } from '../../packages/contract/src/errors.ts';
import { FIELD_LABELS } from '../../packages/contract/src/fields.ts';
import { BUILTIN_ROLE_NAMES } from '../../packages/contract/src/role.ts';
import { TRAIL_FIELD_LABELS } from '../../packages/contract/src/trail-field-labels.ts';
import { TRAIL_OBJECT_LABELS } from '../../packages/contract/src/trail-labels.ts';

type Tree = LocaleTree;

/**
 * Issue 12, defect 4: every page in both languages, as each kind of administrator sees it, and no text of the other
 * language where a translation exists (English folder names in a Chinese table, English role names, raw keys). A
 * line of the page that is exactly a text of the other language's locale files, and not also one of this language's,
 * is a mixed-language defect. Data typed by people (names of companies, documents) is not a locale text, so it
 * never counts.
 */
function texts(lang: Lang): Set<string> {
  const out = new Set<string>();
  const walk = (tree: Tree) => {
    for (const value of Object.values(tree)) {
      if (typeof value !== 'string') walk(value);
      // Whole texts only: with placeholders the page shows them filled in.
      else if (!value.includes('{{') && value.trim().length > 1) out.add(value.trim());
    }
  };
  for (const tree of localeTrees(lang)) walk(tree);
  // The contract's texts in both languages: messages, field and trail labels, the built-in roles' names.
  const side = lang === 'zh-CN' ? 0 : 1;
  const pairs = [
    ...Object.values(ERRORS).map(([, zh, en]) => [zh, en] as const),
    ...Object.values(FIELD_LABELS),
    ...Object.values(TRAIL_OBJECT_LABELS),
    ...Object.values(TRAIL_FIELD_LABELS),
    ...Object.values(BUILTIN_ROLE_NAMES),
  ];
  for (const pair of pairs) if (!pair[side].includes('{') && pair[side].trim().length > 1) out.add(pair[side].trim());
  return out;
}

const TEXTS: Record<Lang, Set<string>> = { 'zh-CN': texts('zh-CN'), 'en-US': texts('en-US') };
const other = (lang: Lang): Lang => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');

/** The lines of the page (menus, headers, tables, empty states) that belong to the other language only. */
async function foreignLines(page: Page, lang: Lang): Promise<string[]> {
  const lines = (await page.locator('body').innerText()).split('\n').map((l) => l.trim());
  const theirs = TEXTS[other(lang)];
  const ours = TEXTS[lang];
  return [...new Set(lines.filter((l) => l && theirs.has(l) && !ours.has(l)))];
}

const PAGES = {
  system: ['/system/company/list', '/system/version', '/system/signing', '/system/notice', '/system/userCenter'],
  company: [
    '/company/project/list',
    '/company/user',
    '/company/approve',
    '/company/report',
    '/company/template/usergroup',
    '/company/template/directory',
    '/company/template/encode',
    '/company/template/codeType',
    '/company/template/tmf',
    '/company/template/milestone-types',
    '/company/tmf-health',
    '/company/userCenter',
  ],
  project: [
    '/home/pending',
    '/home/processed',
    '/work',
    '/file',
    '/manage/study',
    '/manage/encode',
    '/manage/codeType',
    '/manage/user',
    '/manage/group',
    '/manage/report',
    '/manage/directory',
    '/manage/folder_template',
    '/manage/download',
    '/manage/tag',
    '/manage/inspector',
    '/manage/tmf',
    '/manage/country',
    '/manage/milestone',
    '/manage/expected',
    '/tmf-health',
    '/quality-issues',
    '/user',
  ],
};

describe.skipIf(skipReason !== null)(
  'every page in one language (issue 12, defect 4), and accessible (issue 31)',
  () => {
    let browser: Browser;
    let study: Study<'pat'>;
    const project = 'Languages study';

    beforeAll(async () => {
      // A company with its administrator, and a project (ICH folders) with its administrator: whose pages are walked,
      // with something on them: a site, and documents in the workspace and the library (their states are texts too).
      [study, browser] = await Promise.all([
        makeStudy({ tag: 'Languages', projectName: project, people: { pat: { name: 'Pat Lead', role: 'STU_PM' } } }),
        launch(),
      ]);
      const { pat } = study.people;
      await api(await study.tokenOf(pat), siteRoutes.create, {
        body: { name: 'Peking Union Medical College Hospital', code: 'PUMCH' },
      });
      await libraryTree(study, pat);
      await file(study, pat, '8.2.1', makePdf('draft.pdf', ['Draft']), 'Monitoring plan draft');
      const inReview = await file(study, pat, '8.2.1', makePdf('review.pdf', ['Review']), 'Monitoring plan in review');
      await sent(study, pat, inReview, { review: pat, qc: pat, approval: pat });
      const done = await file(study, pat, '8.2.1', makePdf('protocol.pdf', ['Protocol']), 'Protocol');
      await processed(study, pat, done, { review: pat, qc: pat, approval: pat });
      await archived(study, pat, done, dayIn(study.timeZone));
      // A TMF model's page (issue 27): the shipped ICH E6 model, which every company reads.
      const models = await api(await study.tokenOf(study.companyAdmin), tmfModelRoutes.list, { query: {} });
      const shipped = models.find((m) => m.shipped);
      if (!shipped) throw new Error('no shipped TMF model');
      PAGES.company.push(`/company/template/tmf/${shipped.id}`);
      // The project on that model with its expected documents, so that TMF health and the expected list have rows.
      const patToken = await study.tokenOf(pat);
      await api(patToken, tmfProjectRoutes.use, { body: { modelId: shipped.id } });
      await api(patToken, expectedRoutes.generate, {});
    });
    afterAll(async () => {
      await browser?.close();
    });

    /**
     * Signs in in the language, enters where the pages are, and walks them: answers each page's foreign lines and its
     * WCAG 2.1 A/AA violations (issue 31: axe on every page, in both languages).
     */
    async function walk(who: Account, lang: Lang, area: keyof typeof PAGES) {
      const page = await signIn(browser, who, lang, area === 'project' ? { project } : area);
      try {
        const foreign: string[] = [];
        const inaccessible: string[] = [];
        for (const p of PAGES[area]) {
          await visit(page, p);
          for (const line of await foreignLines(page, lang)) foreign.push(`${lang} ${p}: "${line}"`);
          const violations = await axeViolations(page);
          if (violations.length) inaccessible.push(describeViolations(violations, `${lang} ${p}`));
          await keepShot(page, `07-${area}-${lang}-${p.replaceAll('/', '_')}`);
        }
        return { foreign, inaccessible };
      } finally {
        await page.context().close();
      }
    }

    it('finds a text of the other language on a page (the check itself can fail)', async () => {
      const page = await browser.newPage();
      await page.setContent('<div>Project administrator</div><div>Pat Lead</div><div>项目管理员</div>');
      expect(await foreignLines(page, 'zh-CN')).toEqual(['Project administrator']);
      expect(await foreignLines(page, 'en-US')).toEqual(['项目管理员']);
      await page.close();
    });

    for (const lang of ['zh-CN', 'en-US'] as const) {
      it(`the system administrator's pages in ${lang}`, async () => {
        const admin = { email: env.adminEmail, password: env.adminPassword, name: 'admin' };
        expect(await walk(admin, lang, 'system')).toEqual({ foreign: [], inaccessible: [] });
      });

      it(`the company administrator's pages in ${lang}`, async () => {
        expect(await walk(study.companyAdmin, lang, 'company')).toEqual({ foreign: [], inaccessible: [] });
      });

      it(`the project administrator's pages in ${lang}`, async () => {
        expect(await walk(study.people.pat, lang, 'project')).toEqual({ foreign: [], inaccessible: [] });
      });
    }
  },
);
