import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { journeyServer, type Account } from './api.ts';
import { env } from './browser.ts';
import { captchaAnswer } from './captcha.ts';
import type { Server } from './http.ts';

/**
 * Signing in in the browser, the one way every journey does it: the login form filled as a person does, the
 * verification code read where only a test may (the server's database, captcha.ts). apiSignIn (api.ts) is its
 * twin for preparing a world.
 */

export type Lang = 'zh-CN' | 'en-US';

export const url = (p: string) => `${env.baseUrl}${p}`;

/**
 * The verification code the page shows. Journeys run side by side on one server, so "the newest code issued" may be
 * another journey's: the image is refreshed here (as a person may click it) and the code read by the new one's id.
 */
export async function readCaptcha(page: Page, server: Server = journeyServer()): Promise<string> {
  const image = page.locator('#captcha-image');
  await image.waitFor();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/captcha')),
    image.click(),
  ]);
  const fresh = ((await answer.json()) as { data: { id: string; image: string } }).data;
  if (!fresh.image.startsWith('data:image/png;base64,'))
    throw new Error(`no verification image: ${fresh.image.slice(0, 80)}`);
  // The form sends the id of the image it shows: wait until that is the new one.
  await page.waitForFunction(
    (src) => document.querySelector('#captcha-image')?.getAttribute('src') === src,
    fresh.image,
  );
  return captchaAnswer(server.databaseUrl, fresh.id);
}

/** Fills the login form, reading the code from the image, and submits. */
export async function submitLogin(page: Page, email: string, password: string, server?: Server): Promise<void> {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="captchaCode"]').fill(await readCaptcha(page, server));
  await page.locator('#login-submit').click();
}

/** A first sign-in with a temporary password: the forced change, then signed in with the chosen one. */
export async function firstSignIn(page: Page, email: string, temporary: string, chosen: string) {
  await submitLogin(page, email, temporary);
  await page.locator('form#passwordEdit').waitFor();
  await page.locator('#passwordEdit_newPassword').fill(chosen);
  await page.locator('#passwordEdit_confirmPassword').fill(chosen);
  await page.locator('#password-edit-submit').click();
  await page.locator('form#login').waitFor();
  await submitLogin(page, email, chosen);
}

/** Where a sign-in leads: into a project (by its name), the company pages, the system pages, or the picker. */
export type Destination = { project: string } | 'company' | 'system' | 'select';

/**
 * A fresh browser window for one person, in their language (the browser's: the app follows it on a first visit,
 * issue 12), signed in through the login page and taken where the journey goes next.
 */
export async function signIn(
  browser: Browser,
  who: Account,
  lang: Lang,
  to: Destination,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang, ...options });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await submitLogin(page, who.email, who.password);
  if (to === 'system') {
    await page.waitForURL(/\/system\//);
    return page;
  }
  await page.waitForURL(/\/select$/);
  if (to === 'company') {
    await page.locator('#company-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.locator('#company-manage').click();
    await page.waitForURL(/\/company\//);
  } else if (to !== 'select') {
    await page.locator('#project-table').getByText(to.project).click();
    await page.waitForURL(/\/home/);
  }
  return page;
}

const desks = new WeakMap<Browser, Map<string, Promise<Page>>>();

/**
 * A person's window in a journey: signed in at their first step, then kept for their next ones, as a person keeps
 * their browser open between two tasks (a sign-in is journey 01's to show, and each costs seconds). It closes with
 * the journey's browser.
 */
export function desk(browser: Browser, who: Account, lang: Lang, to: Destination, options?: BrowserContextOptions) {
  const open = desks.get(browser) ?? new Map<string, Promise<Page>>();
  desks.set(browser, open);
  const key = `${who.email} ${lang}`;
  if (!open.has(key)) open.set(key, signIn(browser, who, lang, to, options));
  return open.get(key)!;
}
