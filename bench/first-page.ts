// Issue 16, the first page: the web app built as shipped (split by route) and built into one script, each served by
// the real server (precompressed files, cache headers), and /login opened in headless Chromium. Counted: the
// JavaScript (and apart, the stylesheets) transferred until the login form's fields can be typed in, and the time to
// that, with a cold cache; then a second visit in the same browser, which should take every script from its cache.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

/** Serves a built web app with the edoc server (run.ts passes buildApp with WEB_DIST). */
export type Serve = (webDist: string) => Promise<{ url: string; close: () => Promise<void> }>;

const run = promisify(execFile);
const webDir = fileURLToPath(new URL('../apps/web/', import.meta.url));
const vite = path.join(
  path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const RUNS = Number(process.env.BENCH_FIRST_PAGE_RUNS ?? 5);
/** A link of an office or a clinic's site, where the bytes count more than on 127.0.0.1 (Chromium's throttling). */
const SLOW = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 };

/**
 * Runs in the page before its own scripts: on the first frame where the e-mail and password fields and the sign-in
 * button are shown and enabled, it notes the time since the navigation began and the scripts fetched so far
 * (Resource Timing: transferSize is 0 for a file from the cache, headers and body otherwise).
 */
const FORM_WATCH = `(() => {
  const ready = () => ['#login_email', '#login_password', '#login-submit'].every((sel) => {
    const el = document.querySelector(sel);
    return el && !el.disabled && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  });
  const check = () => {
    if (!ready()) return requestAnimationFrame(check);
    const files = (pattern) => performance.getEntriesByType('resource')
      .filter((e) => pattern.test(new URL(e.name).pathname))
      .map((e) => ({ name: new URL(e.name).pathname, transfer: e.transferSize, body: e.encodedBodySize }));
    globalThis.edocFormReady = { ms: performance.now(), scripts: files(/\\.m?js$/), styles: files(/\\.css$/) };
  };
  requestAnimationFrame(check);
})();`;

interface Script {
  name: string;
  transfer: number;
  body: number;
}
interface Visit {
  ms: number;
  scripts: Script[];
  /** The stylesheets, which block the first paint as well (issue 30 added the login's antd styles). */
  styles: Script[];
}

async function build(outDir: string, split: boolean): Promise<void> {
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webDir,
    env: { ...process.env, EDOC_NO_SPLIT: split ? '' : '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** One cold visit of /login in a fresh browser context, then a repeat visit in a new tab of the same context. */
async function visitTwice(browser: Browser, url: string, throttle: boolean) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await context.addInitScript(FORM_WATCH);
  const encodings = new Set<string>();
  const open = async (): Promise<Visit> => {
    const page = await context.newPage();
    page.on('response', (r) => {
      if (/\.m?js$/.test(new URL(r.url()).pathname)) encodings.add(r.headers()['content-encoding'] ?? 'none');
    });
    if (throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW);
    }
    await page.goto(`${url}/login`, { waitUntil: 'commit' });
    // A function, not a string: the app's Content-Security-Policy forbids eval, and Playwright's functions bypass it.
    const ready = await page.waitForFunction(() => (globalThis as { edocFormReady?: Visit }).edocFormReady, null, {
      timeout: 60_000,
    });
    const visit = (await ready.jsonValue()) as Visit;
    await page.close();
    return visit;
  };
  try {
    const cold = await open();
    const repeat = await open();
    return { cold, repeat, encodings: [...encodings].join(',') };
  } finally {
    await context.close();
  }
}

const sum = (scripts: Script[], key: 'transfer' | 'body') => scripts.reduce((n, s) => n + s[key], 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Measured {
  label: string;
  first: Visit;
  coldMs: number[];
  repeatMs: number[];
  /** The most JavaScript any repeat visit transferred. */
  repeatBytes: number;
  slowMs: number[];
  encodings: string;
}

/** Builds both, serves both, and prints the figures. */
export async function firstPageBench(serve: Serve): Promise<void> {
  // BENCH_FIRST_PAGE_BUILDS=<dir> keeps the two builds there and measures them again on the next run without building.
  const kept = process.env.BENCH_FIRST_PAGE_BUILDS;
  const dir = kept ? path.resolve(kept) : await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-first-page-'));
  const builds = [
    { label: 'split by route (shipped)', dist: path.join(dir, 'split'), split: true },
    { label: 'one bundle (no splitting)', dist: path.join(dir, 'one'), split: false },
  ];
  let browser: Browser | null = null;
  const servers: Array<{ close: () => Promise<void> }> = [];
  try {
    const t = Date.now();
    const reuse = async (dist: string) => kept && (await fs.stat(path.join(dist, 'index.html')).catch(() => null));
    for (const b of builds) if (!(await reuse(b.dist))) await build(b.dist, b.split);
    console.log(
      `\nfirst page: web builds ready in ${((Date.now() - t) / 1000).toFixed(1)} s${kept ? ` (${dir})` : ''}`,
    );
    const targets = [];
    for (const b of builds) {
      const server = await serve(b.dist);
      servers.push(server);
      targets.push({ ...b, url: server.url });
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const results: Measured[] = [];
    for (const target of targets) {
      await visitTwice(browser, target.url, false); // warm-up: the server's file reads, Chromium's processes
      const first = { ms: 0, scripts: [], styles: [] };
      results.push({ label: target.label, first, coldMs: [], repeatMs: [], repeatBytes: 0, slowMs: [], encodings: '' });
    }
    // The builds take turns, so a slower moment of this machine does not fall on one of them only.
    for (let i = 0; i < RUNS; i++) {
      for (const [n, target] of targets.entries()) {
        const r = results[n];
        const { cold, repeat, encodings } = await visitTwice(browser, target.url, false);
        if (i === 0) r.first = cold;
        r.encodings = encodings;
        r.coldMs.push(cold.ms);
        r.repeatMs.push(repeat.ms);
        r.repeatBytes = Math.max(r.repeatBytes, sum(repeat.scripts, 'transfer'));
        r.slowMs.push((await visitTwice(browser, target.url, true)).cold.ms);
      }
    }
    report(results);
  } finally {
    await browser?.close();
    for (const s of servers) await s.close();
    if (!kept) await fs.rm(dir, { recursive: true, force: true });
  }
}

function report(results: Measured[]): void {
  console.log(
    `/login in headless Chromium, cold cache, ${RUNS} runs each (1 kB = 1000 bytes, as sent: headers + body)`,
  );
  for (const r of results) {
    const s = r.first.scripts;
    console.log(
      `${r.label.padEnd(27)} JS ${kB(sum(s, 'transfer')).padStart(10)} in ${String(s.length).padStart(2)} files (${r.encodings})   form ready p50 ${median(r.coldMs).toFixed(0).padStart(5)} ms   at 10 Mbit/s, 40 ms: ${median(r.slowMs).toFixed(0).padStart(5)} ms`,
    );
  }
  const [split, one] = results;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `ratio split : one bundle   JS bytes ${ratio(sum(split.first.scripts, 'transfer'), sum(one.first.scripts, 'transfer'))}   form ready ${ratio(median(split.coldMs), median(one.coldMs))}   at 10 Mbit/s ${ratio(median(split.slowMs), median(one.slowMs))}`,
  );
  for (const r of results)
    console.log(
      `repeat visit, ${r.label.padEnd(27)} JS ${kB(r.repeatBytes).padStart(8)} transferred   form ready p50 ${median(r.repeatMs).toFixed(0).padStart(5)} ms`,
    );
  const named = (list: Script[]) =>
    [...list]
      .sort((a, b) => b.transfer - a.transfer)
      .map((f) => `${path.basename(f.name)} ${kB(f.transfer)}`)
      .join(', ');
  console.log(`the split build's scripts for /login: ${named(split.first.scripts)}`);
  console.log(`and its stylesheets, ${kB(sum(split.first.styles, 'transfer'))}: ${named(split.first.styles)}`);
}
