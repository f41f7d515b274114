import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject, type ProvidedContext } from 'vitest';

/** What global-setup provides when the journeys run. */
export type Env = Exclude<ProvidedContext['e2e'], { skip: string }>;

const provided = inject('e2e');
/** Why the journeys are skipped (no Chromium outside CI), or null when they run. */
export const skipReason = 'skip' in provided ? provided.skip : null;
export const env = provided as Env;

/**
 * The Chromium global-setup launched, for one journey file: its windows are a Chinese browser asking for reduced
 * motion unless a step says otherwise: the app follows the browser's language on a first visit (issue 12, defect 5), and the journeys start
 * in Chinese as the product's users do; 01-sign-in opens an English browser to see it follow. Closing it ends this
 * file's windows and leaves the browser to the next file.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.connect(env.browserEndpoint);
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  // Reduced motion, as a person may ask their system for (the app then turns antd's motion off, issue 31): a
  // dialog or menu is there at once instead of after its animation, and the windows a journey keeps open draw no
  // frames while nothing changes, which on two cores is time the other journey gets.
  const defaults = { locale: 'zh-CN', reducedMotion: 'reduce' } as const;
  browser.newContext = (options = {}) => newContext({ ...defaults, ...options });
  browser.newPage = (options = {}) => newPage({ ...defaults, ...options });
  return browser;
}

/** The bytes of a download (the browser is another process's: its own path to the file is not ours to read). */
export async function downloaded(download: Download): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Waits for a mail to `to` at the local SMTP server and returns its decoded text. */
export async function waitForMail(to: string, since: number, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of (await fs.readdir(env.mailDir)).sort().reverse()) {
      if (f.startsWith('.') || Number(f.split('-')[0]) < since) continue;
      const mail = await simpleParser(await fs.readFile(path.join(env.mailDir, f)));
      const addresses = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
      if (addresses.includes(to)) return mail.text ?? '';
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/**
 * Keeps a picture of the page as a person saw it at a step of a journey, in E2E_SHOTS_DIR when it is set:
 * artefacts of the run to look at, never compared. Unset (CI), no picture is taken: a 1440×900 picture costs a
 * page about 150 ms, and nobody reads a clean clone's temporary folder.
 */
export async function keepShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * Resolves when the page has been quiet for `quietMs`: no request in flight, and the last answer drawn. What
 * 'networkidle' waits for, without its fixed half second of silence; requests begun before the call are not seen,
 * so call it before the step that starts them is awaited, or right after it.
 */
export async function settled(page: Page, quietMs = 150, timeoutMs = 20_000): Promise<void> {
  const open = new Set<unknown>();
  let last = Date.now();
  const start = (r: unknown) => open.add(r);
  const end = (r: unknown) => {
    if (open.delete(r)) last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + timeoutMs;
    while (open.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`${open.size} requests still open after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
  // React draws the last answer on the next frames; then the fades it started (a table's loading veil, a chart's
  // entrance) run out, so what is read or checked for contrast is what a person sees. Endless ones (spinners) are
  // not waited for.
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Opens a page of the signed-in app the way its menus do: the router follows the new address, the app is not
 * loaded again (a reload costs a page a second on this machine). Resolves when the page has settled.
 */
export async function visit(page: Page, to: string): Promise<void> {
  const quiet = settled(page);
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await quiet;
}
