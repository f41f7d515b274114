import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Issue 31: WCAG 2.1 A and AA, checked by axe-core on the pages the journeys visit. The checker is evaluated through
 * the browser driver (CDP), which the page's Content-Security-Policy (script-src 'self') does not govern: the policy
 * stays what users get, and nothing is loaded from the page.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Only what fails: the passes and the incomplete ones are most of the answer's size and of the time to build it.
  resultTypes: ['violations'],
  // The one frame the app draws is the WOPI editor's, another product at another origin: not ours to check, and a
  // frame without axe in it would keep the run waiting for its answer.
  iframes: false,
};

declare global {
  interface Window {
    /** axe-core, once axeViolations put it in the page. */
    axe?: typeof import('axe-core');
  }
}

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & {
  nodes: { target: string[]; summary: string }[];
};

export interface AxeScope {
  /**
   * A CSS selector of the part of the page to check (e.g. '.ant-modal-wrap', '.ant-dropdown', '.ant-drawer'): a
   * dialog, menu or drawer opened over a page already checked. The whole page when not given.
   */
  within?: string;
  /** How many nodes of each violation to report (3). */
  nodes?: number;
}

/** Runs axe in the page (injected once per page load) and answers its violations, each with its first nodes. */
export async function axeViolations(page: Page, { within, nodes = 3 }: AxeScope = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ([options, limit, scope]) => {
      const { axe } = window;
      if (!axe) throw new Error('axe-core is not in the page');
      // Colours mid-transition (a menu item fading from chosen to not, a dialog fading in) are no state a person
      // reads: the finite animations end first (a spinner's never does), two seconds at most.
      const ending = document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined));
      await Promise.race([Promise.all(ending), new Promise((r) => setTimeout(r, 2000))]);
      const results = await axe.run(scope ?? document, options);
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, limit).map((n) => ({
          target: n.target.map(String),
          summary: (n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim(),
        })),
      }));
    },
    [OPTIONS, nodes, within] as const,
  );
}

/** The violations as lines a person reads in a failed journey: the rule, its impact, where, and the first nodes. */
export function describeViolations(violations: Violation[], where: string): string {
  return violations
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact ?? 'unknown'}) ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}${n.summary ? ` — ${n.summary}` : ''}`).join('\n'),
    )
    .join('\n');
}

/**
 * Throws when the page as it is now (its open dialogs, drawers and menus included) breaks a WCAG 2.1 A or AA rule
 * axe checks. `where` names the page and state in the error. A run costs about 0.1 s on a small page and 1 s or more
 * on the workspace (and 0.5 s to put axe in a newly loaded page): a dialog opened over a page already checked is
 * checked alone (`within`). E2E_AXE_TIMES=1 prints each run's time.
 */
export async function expectAccessible(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  const started = Date.now();
  const violations = await axeViolations(page, scope);
  if (process.env.E2E_AXE_TIMES) console.log(`axe ${Date.now() - started} ms: ${where}`);
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} accessibility violation(s) (WCAG 2.1 A/AA, axe-core)\n${describeViolations(violations, where)}`,
    );
  }
}
