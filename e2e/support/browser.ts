import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, type ProvidedContext } from 'vitest';

/** What global-setup provides when the journeys run. */
export type Env = Exclude<ProvidedContext['e2e'], { skip: string }>;

const provided = inject('e2e');
/** Why the journeys are skipped (no Chromium outside CI), or null when they run. */
export const skipReason = 'skip' in provided ? provided.skip : null;
export const env = provided as Env;

/**
 * Chromium for a journey. Its windows are a Chinese browser unless a step says otherwise: the app follows the
 * browser's language on a first visit (issue 12, defect 5), and the journeys start in Chinese as the product's users
 * do; 01-sign-in opens an English browser to see it follow.
 */
export async function launch(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'zh-CN', ...options });
  browser.newPage = (options = {}) => newPage({ locale: 'zh-CN', ...options });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: env.chromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The verification code the page shows. A person reads the strokes; the image holds no digits a script could read
 * (issue 9), so the journey asks the server's database, which keeps the newest code's sha256: four digits are
 * 10,000 guesses. The journeys run one at a time, so the newest unused code is the page's.
 */
export async function readCaptcha(page: Page): Promise<string> {
  const image = page.locator('#captcha-image');
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  if (!src.startsWith('data:image/svg+xml')) throw new Error(`no verification image: ${src.slice(0, 80)}`);
  return captchaAnswer(null);
}

/** The answer of the captcha with this id (null: the newest unused one), from its sha256 in the database. */
export async function captchaAnswer(id: string | null): Promise<string> {
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ hash: string }>(
      'select code_hash as hash from captchas where ($1::uuid is null or id = $1::uuid) and used_at is null ' +
        'order by expires_at desc limit 1',
      [id],
    );
    for (let n = 0; n < 10_000; n++) {
      const code = String(n).padStart(4, '0');
      if (createHash('sha256').update(code).digest('hex') === rows[0]?.hash) return code;
    }
  } finally {
    await db.end();
  }
  throw new Error(`no verification code matches ${id ?? 'the newest one issued'}`);
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

/** Fills the login form, reading the code from the image, and submits. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="captchaCode"]').fill(await readCaptcha(page));
  await page.locator('#login-submit').click();
}

// The journey files run one after another in name order (vitest.config.ts) and share the seeded system
// administrator; the file beside the received mail carries its current password from one file to the next.
const passwordFile = () => path.join(env.mailDir, '..', 'admin-password');

export async function rememberAdminPassword(password: string): Promise<void> {
  await fs.writeFile(passwordFile(), password);
}

export async function adminPassword(): Promise<string> {
  return fs.readFile(passwordFile(), 'utf8').catch(() => env.adminPassword);
}

/** Accounts a journey made, for the journeys after it (same file as the administrator's password). */
export interface Account {
  email: string;
  password: string;
  name: string;
}

const accountsFile = () => path.join(env.mailDir, '..', 'accounts.json');

export async function rememberAccount(key: string, account: Account): Promise<void> {
  const all = JSON.parse(await fs.readFile(accountsFile(), 'utf8').catch(() => '{}')) as Record<string, Account>;
  all[key] = account;
  await fs.writeFile(accountsFile(), JSON.stringify(all));
}

export async function recallAccount(key: string): Promise<Account> {
  const all = JSON.parse(await fs.readFile(accountsFile(), 'utf8').catch(() => '{}')) as Record<string, Account>;
  if (!all[key]) throw new Error(`no account "${key}": the journey that makes it (02-organisation) did not run`);
  return all[key];
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
