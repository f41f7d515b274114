import fs from 'node:fs/promises';
import os from 'node:os';
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
 * The Chromium global-setup launched, for one journey file: its windows are a Chinese browser unless a step says
 * otherwise: the app follows the browser's language on a first visit (issue 12, defect 5), and the journeys start
 * in Chinese as the product's users do; 01-sign-in opens an English browser to see it follow. Closing it ends this
 * file's windows and leaves the browser to the next file.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.connect(env.browserEndpoint);
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'zh-CN', ...options });
  browser.newPage = (options = {}) => newPage({ locale: 'zh-CN', ...options });
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
 * Keeps a picture of the page as a person saw it at a step of a journey, in E2E_SHOTS_DIR (default: the system's
 * temporary folder, edoc-e2e-shots): artefacts of the run to look at, never compared.
 */
export async function keepShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'edoc-e2e-shots');
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
