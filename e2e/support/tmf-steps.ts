import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { anyEnvelope } from '@edoc/contract/envelope';
import { settled } from './browser.ts';
import { localeTrees, type LocaleTree } from './locales.ts';
import { optionOf } from './select-steps.ts';
import type { Lang } from './sign-in.ts';

/**
 * Steps of the TMF health journey (issue 27, journey 14): the pages' own texts in either language, picking in an
 * antd Select, typing a milestone's date, reading the dashboard's figure cards as a person reads them.
 */

const merged = new Map<Lang, LocaleTree>();

/** The app's locale texts of one language, every feature's merged. */
function localeOf(lang: Lang): LocaleTree {
  const known = merged.get(lang);
  if (known) return known;
  const tree: LocaleTree = Object.assign({}, ...localeTrees(lang)) as LocaleTree;
  merged.set(lang, tree);
  return tree;
}

/**
 * A text of the pages in a language, by its key ('qualityIssue.state.verified'), its placeholders filled: what a
 * person reads there, so a step finds it by what it says in either language and fails if the page says otherwise.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: string | LocaleTree | undefined = localeOf(lang);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Waits for the page's call of `route` (its path) and answers its data, failing unless the server accepted it. */
export async function answerOf(page: Page, route: { path: string }, act: () => Promise<unknown>): Promise<unknown> {
  const answered = page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith(route.path));
  await act();
  const response = await answered;
  const body = anyEnvelope.parse(await response.json());
  expect(response.status(), `${route.path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body.data;
}

/** Picks an option of an antd Select by what it shows: typed into its search (if any), then clicked once listed. */
export async function pick(page: Page, selectId: string, search: string, shown: string | RegExp = search) {
  const input = page.locator(`#${selectId}`);
  await input.click();
  // A Select without search only opens.
  if (search) await input.fill(search);
  const option =
    typeof shown === 'string'
      ? optionOf(page, selectId, shown)
      : page
          .locator('.ant-select-dropdown', { has: page.locator(`[id="${selectId}_list"]`) })
          .locator('.ant-select-item-option', { hasText: shown })
          .first();
  await option.click();
}

/**
 * Sets a milestone's actual date on /manage/milestone: typed into its picker in the group's table (the trial, or a
 * place found by the text of its panel's header), taken with Enter; the date is saved as soon as it is chosen.
 */
export async function setActual(page: Page, group: string, milestone: string, day: string) {
  const panel = page.locator('.ant-collapse-item', { hasText: group }).first();
  const row = panel.locator('tr.ant-table-row', {
    has: page.locator('td:first-child', { hasText: new RegExp(`^${milestone}$`) }),
  });
  const input = row.locator('.ant-picker input').nth(1);
  await input.click();
  await input.fill(day);
  await answerOf(page, { path: '/manage/milestone/save' }, () => input.press('Enter'));
  // The calendar may stay open: a click on the page's title closes it, as a person clicks away.
  await page.locator('.ant-card-head-title').first().click();
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  await expect.poll(() => input.inputValue()).toBe(day);
}

/** The first whole number in a text ("12 filed", "已归档 12 份"), digit-group separators read through. */
const numberIn = (s: string) => {
  const match = /\d[\d,\u00a0 ]*/.exec(s);
  if (!match) throw new Error(`no number in "${s}"`);
  return Number(match[0].replace(/[^\d]/g, ''));
};

/** What the dashboard's figure cards say: completeness and timeliness as shown, and their counts. */
export interface Figures {
  completeness: string;
  filed: number;
  missing: number;
  timeliness: string;
  late: number;
}

/** Reads the figure cards of /tmf-health (the big figure of a card is its body's first line). */
export async function readFigures(page: Page): Promise<Figures> {
  await page.locator('#tmf-card-filed').waitFor();
  await settled(page);
  const big = async (card: string) =>
    ((await page.locator(`#tmf-card-${card}-box .ant-card-body > div > :first-child`).textContent()) ?? '').trim();
  const count = async (id: string) => numberIn((await page.locator(`#${id}`).textContent()) ?? '');
  return {
    completeness: await big('completeness'),
    filed: await count('tmf-card-filed'),
    missing: await count('tmf-card-missing'),
    timeliness: await big('timeliness'),
    late: await count('tmf-card-late'),
  };
}

/** A ratio as the dashboard shows it (health-format.ts formatPct): the reader's locale, one decimal at most. */
export const pctIn = (lang: Lang, ratio: number) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
