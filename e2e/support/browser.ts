import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export type Env = { baseUrl: string; adminEmail: string; adminPassword: string; mailDir: string; chromium: string };

const provided = inject('e2e');
/** Why the journeys are skipped (no Chromium outside CI), or null when they run. */
export const skipReason = 'skip' in provided ? provided.skip : null;
export const env = provided as Env;

export async function launch(): Promise<Browser> {
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

/** Reads the verification code as a person does: the digits drawn in the SVG image, in order. */
export async function readCaptcha(page: Page): Promise<string> {
  const image = page.locator('#captcha-image');
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  const comma = src.indexOf(',');
  const svg = src.slice(0, comma).includes('base64')
    ? Buffer.from(src.slice(comma + 1), 'base64').toString()
    : decodeURIComponent(src.slice(comma + 1));
  const digits = [...svg.matchAll(/>(\d)<\/text>/g)].map((m) => m[1]).join('');
  if (!/^\d{4}$/.test(digits)) throw new Error(`could not read the verification code from ${src.slice(0, 80)}`);
  return digits;
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
