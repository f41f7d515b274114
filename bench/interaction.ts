// Issue 30 part 4, interaction speed in the browser: the shipped web build served by the real server, headless
// Chromium signed in to the 100,000-document project, and the time from a click (or Enter) to the first frame that
// shows its answer, for opening a folder, paging, sorting, opening the document panel and running a search (goal:
// p75 ≤ 200 ms each). Next to each, the same run's floor: how long the browser waited for the answer's request
// (Resource Timing), which no rendering can beat. Then the JS heap after minutes of use, each action in turn.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Project } from './documents.ts';
import { traced } from './interaction-trace.ts';

/** Serves the shipped web build with the edoc server (run.ts), at a URL. */
export type ServeWeb = () => Promise<{ url: string; close: () => Promise<void> }>;

const MINUTES = Number(process.env.BENCH_INTERACTION_MINUTES ?? 10);
const GOAL_MS = 200;
/**
 * A folder: after the heap's part, a few more rounds with each action traced (a Chromium trace and a CPU profile of
 * the page, which DevTools opens) and its requests listed, and where its time went printed.
 */
const TRACE = process.env.BENCH_INTERACTION_TRACE;
const TRACE_ROUNDS = 3;

/**
 * Runs in the page before its own scripts. Marks the time of each click and Enter (the event's own time stamp, as
 * the user made it), and `edocWatch(kind, before)` watches every frame from then on for the first one that shows
 * the answer: a new first row in the document table, the panel of the document asked for, or new search results,
 * each with no spinner left. The time after that frame is drawn minus the mark is the interaction's time.
 */
const WATCH = `(() => {
  globalThis.edocMark = 0;
  globalThis.edocTracing = false;
  document.addEventListener('click', (e) => { globalThis.edocMark = e.timeStamp; }, true);
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') globalThis.edocMark = e.timeStamp; }, true);
  const text = (sel) => document.querySelector(sel)?.textContent ?? '';
  const firstRow = () => document.querySelector('#document-table tr.ant-table-row a[id$="-open"]')?.id ?? '';
  const idle = (sel) => !document.querySelector(sel + ' .ant-spin-spinning');
  globalThis.edocState = (kind) =>
    kind === 'panel' ? text('#document-panel-title')
    : kind === 'search' ? location.search + '|' + text('#search-results .ant-list-item')
    : firstRow();
  const shown = {
    rows: (before) => firstRow() && firstRow() !== before && idle('#document-table'),
    panel: (name) => text('#document-panel-title').includes(name) && idle('#document-panel'),
    search: (before) => {
      const now = globalThis.edocState('search');
      return now !== before && document.querySelector('#search-total') && idle('#search-results');
    },
  };
  globalThis.edocWatch = (kind, before) => {
    globalThis.edocSeen = null;
    // The rAF callback's argument is the frame's scheduled time, earlier than the frame by up to the long task
    // that delayed it; a message posted from the callback is delivered once this frame's style, layout and paint
    // are done, so its performance.now() (on the same timeline as the event's time stamp) is when the answer shows.
    const presented = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        globalThis.edocSeen = performance.now() - globalThis.edocMark;
        // Traced rounds: the end of the interaction in the trace's own clock.
        if (globalThis.edocTracing) performance.mark('edoc-seen');
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    };
    const tick = () => {
      if (shown[kind](before)) presented();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
})();`;

type Kind = 'rows' | 'panel' | 'search';
/** A request the page made after the click: its path, start and end in ms after the click. */
export interface Request {
  name: string;
  start: number;
  end: number;
}
export interface Sample {
  ms: number;
  requestMs: number;
  requests: Request[];
}
export type Action = 'open folder' | 'next page' | 'sort by name' | 'open document panel' | 'search';

const p75 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.75))];

/** One interaction: note the state, start watching, act, wait for the frame that shows the answer. */
async function timed(page: Page, kind: Kind, act: () => Promise<void>, request: RegExp, before?: string) {
  const state = before ?? ((await page.evaluate((k) => globalThis.edocState(k), kind)) as string);
  await page.evaluate(([k, b]) => globalThis.edocWatch(k, b), [kind, state] as const);
  await page.evaluate(() => performance.clearResourceTimings());
  await act();
  const seen = await page
    .waitForFunction(() => globalThis.edocSeen, null, { timeout: 60_000, polling: 50 })
    .catch(async (error: Error) => {
      const shot = `/tmp/edoc-bench-interaction-${kind}.png`;
      await page.screenshot({ path: shot });
      throw new Error(`${kind} (before: ${state}) never showed its answer at ${page.url()}; see ${shot}`, {
        cause: error,
      });
    });
  const ms = (await seen.jsonValue()) as number;
  const { requestMs, requests } = await page.evaluate((source) => {
    // The page's Resource Timing entries (the DOM's type, which the bench's Node types do not name).
    const entries = performance.getEntriesByType('resource') as unknown as Array<{
      name: string;
      duration: number;
      startTime: number;
      responseEnd: number;
    }>;
    return {
      requestMs: Math.max(0, ...entries.filter((e) => new RegExp(source).test(e.name)).map((e) => e.duration)),
      requests: entries.map((e) => ({
        name: e.name,
        start: e.startTime - globalThis.edocMark,
        end: e.responseEnd - globalThis.edocMark,
      })),
    };
  }, request.source);
  for (const r of requests) r.name = decodeURIComponent(new URL(r.name).pathname + new URL(r.name).search);
  return { ms, requestMs, requests };
}

/** Signs in through the login page and enters the project, as a person does. */
async function signIn(browser: Browser, url: string, p: Project): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(WATCH);
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.locator('input[name="email"]').fill(p.email);
  await page.locator('input[name="password"]').fill(p.password);
  // The bench's server has LOGIN_CAPTCHA off: any code passes, but the form still asks for one.
  await page.locator('input[name="captchaCode"]').fill('1234');
  await page.locator('#login-submit').click();
  await page.waitForURL(/\/(select|home)/);
  if (page.url().endsWith('/select')) {
    await page.locator('#project-table').getByText('Bench').first().click();
    await page.waitForURL(/\/home/);
  }
  await page.goto(`${url}/work`);
  await page.locator('#document-table').waitFor();
  return page;
}

/**
 * A folder: a heap snapshot of the page is written there at each measure of the heap (`first.heapsnapshot`,
 * `warm.heapsnapshot`, `last.heapsnapshot`), for DevTools' Memory panel to compare (what grows while working).
 */
const HEAP_SNAPSHOT = process.env.BENCH_INTERACTION_HEAP_SNAPSHOT;

/** The JS heap in use after a full garbage collection, in MB; with HEAP_SNAPSHOT, a snapshot into `name`. */
async function heapMb(page: Page, name: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  if (HEAP_SNAPSHOT) {
    fs.mkdirSync(HEAP_SNAPSHOT, { recursive: true });
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    fs.writeFileSync(path.join(HEAP_SNAPSHOT, `${name}.heapsnapshot`), chunks.join(''));
  }
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

const LIST = /\/edoc\/folder\/workspace\/file\/list/;
const SEARCH_WORDS = ['pharmacovigilance', '研究', '药物警戒', 'study'];

type Measure = (action: Action, measure: () => Promise<Sample>) => Promise<Sample>;

/** Each action once, in turn; `round` varies the folder and the search word; `around` may trace each one. */
async function round(
  page: Page,
  p: Project,
  n: number,
  samples: Map<Action, Sample[]>,
  around: Measure = (_action, measure) => measure(),
) {
  const add = async (action: Action, measure: () => Promise<Sample>) => {
    const s = await around(action, measure);
    samples.set(action, [...(samples.get(action) ?? []), s]);
  };
  // Never Folder 1 first: the newest document of all (the list before any folder is opened) is its first row too.
  const folder = `Folder ${1 + ((n + 1) % p.folderIds.length)}`;
  const tree = page.locator('.ant-tree-title').getByText(folder, { exact: true });
  await add('open folder', () => timed(page, 'rows', () => tree.click(), LIST));
  const next = page.locator('.ant-pagination-next').first();
  await add('next page', () => timed(page, 'rows', () => next.click(), LIST));
  const nameHeader = page.locator('#document-table thead th.ant-table-column-has-sorters').first();
  await add('sort by name', () => timed(page, 'rows', () => nameHeader.click(), LIST));
  const open = page.locator('#document-table tr.ant-table-row a[id$="-open"]').nth(n % 5);
  const name = (await open.textContent()) ?? '';
  // The panel reads its document's row through the list route (fileId), so that is its request.
  await add('open document panel', () => timed(page, 'panel', () => open.click(), LIST, name));
  await page.keyboard.press('Escape');
  const box = page.locator('input#header-search');
  await box.fill(SEARCH_WORDS[n % SEARCH_WORDS.length]);
  await add('search', () => timed(page, 'search', () => box.press('Enter'), /\/edoc\/file\/search/));
  await page.goBack();
  await page.locator('#document-table').waitFor();
}

export async function interactionBench(serve: ServeWeb, p: Project): Promise<void> {
  const server = await serve();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await signIn(browser, server.url, p);
    await round(page, p, 0, new Map()); // warm-up: every page's chunk loaded, the server's plans cached
    const heapStart = await heapMb(page, 'first');
    const samples = new Map<Action, Sample[]>();
    const end = Date.now() + MINUTES * 60_000;
    // The heap once more after a fifth of the run: what grows from the first round to here is mostly V8's compiled
    // code for the functions turning hot (a snapshot comparison, docs/speed.md part 4), which levels off; growth
    // from here to the end is the page's own.
    const warmAt = Date.now() + MINUTES * 12_000;
    let heapWarm: number | null = null;
    let rounds = 0;
    while (Date.now() < end || rounds < 10) {
      await round(page, p, ++rounds, samples);
      if (heapWarm === null && Date.now() >= warmAt) heapWarm = await heapMb(page, 'warm');
    }
    const heapEnd = await heapMb(page, 'last');
    console.log(
      `\ninteraction in Chromium, 100,000 documents, ${rounds} rounds in ${MINUTES} min (goal p75 ≤ ${GOAL_MS} ms)`,
    );
    for (const [action, list] of samples) {
      const ms = p75(list.map((s) => s.ms));
      const req = p75(list.map((s) => s.requestMs));
      console.log(
        `  ${action.padEnd(22)} click to paint p75 ${ms.toFixed(0).padStart(5)} ms   its request p75 ${req.toFixed(0).padStart(5)} ms   rendering ${(ms - req).toFixed(0).padStart(5)} ms   ${ms <= GOAL_MS ? 'meets' : 'misses'} the goal`,
      );
    }
    const growth = (from: number) => `${(((heapEnd - from) / from) * 100).toFixed(0)} %`;
    console.log(
      `  JS heap after GC: ${heapStart.toFixed(1)} MB after the first round, ${heapWarm?.toFixed(1)} MB after ${(MINUTES / 5).toFixed(1)} min, ${heapEnd.toFixed(1)} MB after ${MINUTES} min: + ${growth(heapStart)} from the first round, + ${growth(heapWarm ?? heapStart)} from ${(MINUTES / 5).toFixed(1)} min (goal ≤ 20 %)`,
    );
    if (TRACE) {
      fs.mkdirSync(TRACE, { recursive: true });
      console.log(
        `\ninteraction traced, ${TRACE_ROUNDS} rounds (into ${TRACE}; times from the click's own time stamp)`,
      );
      const b = browser;
      for (let i = 1; i <= TRACE_ROUNDS; i++) {
        const slug = (action: Action) => `${action.replaceAll(' ', '-')}-${i}`;
        await round(page, p, rounds + i, new Map(), (action, measure) =>
          traced(b, page, path.join(TRACE, slug(action)), action, measure),
        );
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
}

declare global {
  var edocMark: number;
  var edocTracing: boolean;
  var edocSeen: number | null;
  var edocState: (kind: Kind) => string;
  var edocWatch: (kind: Kind, before: string) => void;
}
