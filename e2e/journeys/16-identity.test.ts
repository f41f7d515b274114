import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@edoc/contract/limits';
import { ssoRoutes } from '@edoc/contract/sso-routes';
import { makePdf } from '@edoc/test-support/files';
import { startProvider } from '@edoc/test-support/oidc-provider';
import { api, upload } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { env, keepShot, launch, settled, skipReason, visit } from '../support/browser.ts';
import { optionOf } from '../support/select-steps.ts';
import { signIn, url, type Lang } from '../support/sign-in.ts';
import { text } from '../support/tmf-steps.ts';
import { makeStudy, systemAdmin, type Study } from '../support/world.ts';

/**
 * Issue 29's journey, once in each language, each with its own company and its own OpenID provider (oidc-provider,
 * started here on 127.0.0.1 with one account): the system administrator configures the company's single sign-on in
 * the pages (discovery tested on saving) and lets webhooks reach private addresses; Sam, whom edoc has never seen,
 * signs in through the provider and gets a just-in-time account, in the project by the company's group rule; Sam
 * certifies a scan as a copy, signing after a fresh authentication at the provider in a window of its own; creates
 * an API token and calls the API with it; and subscribes a webhook whose test event arrives, signed, and shows in
 * the delivery log. The API makes only the world (company, project, Pat who files the scan) and the group rule.
 */

const stamp = Date.now().toString(36);
const GROUP = 'trial-leads';

/** A webhook receiver on 127.0.0.1 that keeps what it was sent (headers and raw body) and answers 200. */
async function startReceiver() {
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/edoc`;
  return { address, got, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** docs/identity.md: `X-Edoc-Signature: t=<unix>,v1=<hex hmac-sha256(secret, t + "." + body)>`. */
function signatureHolds(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.skipIf(skipReason !== null).each(['zh-CN', 'en-US'] as const)(
  'Identity: single sign-on, signing after a fresh authentication, an API token, a webhook, in %s (issue 29)',
  (lang: Lang) => {
    let browser: Browser;
    let study: Study<'pat'>;
    let provider: Awaited<ReturnType<typeof startProvider>>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let scanId: number;
    let folderId: number;
    let sam: Page;
    const domain = `sso-${lang.toLowerCase()}-${stamp}.example.com`;
    const account = {
      sub: `sam-${lang}`,
      email: `sam@${domain}`,
      emailVerified: true,
      name: `Sam Single ${lang}`,
      groups: [GROUP],
    };
    const label = `Corporate ID ${lang}`;
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const shot = (page: Page, name: string) => keepShot(page, `16-${name}-${lang}`);

    /** The provider's own login form (oidc-provider's development one), filled as Sam does. */
    const atProvider = async (page: Page) => {
      await page.locator('input[name="login"]').fill(account.sub);
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
    };

    beforeAll(async () => {
      [study, browser, provider, receiver] = await Promise.all([
        makeStudy({ tag: `Identity ${lang}`, people: { pat: { name: `Pat Lead ${lang}`, role: 'STU_PM' } } }),
        launch(),
        startProvider(`${env.baseUrl}${API_BASE}/sso/callback`, [account]),
        startReceiver(),
      ]);
      folderId = study.folder('8.2.1');
      const token = await study.tokenOf(study.people.pat);
      scanId = await upload(token, folderId, makePdf('consent-scan.pdf', ['Signed consent']), 'Signed consent scan');
      // The company administrator's rule (its page is tested in the web suite): the provider's group → the project.
      await api(await systemAdmin(), ssoRoutes.saveRule, {
        body: { companyId: study.companyId, groupName: GROUP, projectId: study.projectId, roleCode: 'STU_PM' },
      });
    });
    afterAll(async () => {
      await browser?.close();
      await provider?.close();
      await receiver?.close();
    });

    it("the system administrator configures the company's provider, discovery tested, and lets hooks reach private addresses", async () => {
      const admin = { email: env.adminEmail, password: env.adminPassword, name: 'System Administrator' };
      const page = await signIn(browser, admin, lang, 'system');
      await visit(page, '/system/sso');
      await page.locator('#sso-create').click();
      await page.locator('#sso-company').click();
      await optionOf(page, 'sso-company', study.companyName).click();
      await page.locator('#sso-label').fill(label);
      await page.locator('#sso-issuer').fill(provider.issuer);
      await page.locator('#sso-client-id').fill('edoc');
      await page.locator('#sso-client-secret').fill('edoc-secret');
      await page.locator('#sso-domains').fill(domain);
      await page.locator('#sso-domains').press('Enter');
      await page.locator('#sso-jit').click();
      await expectAccessible(page, `16 provider dialog (${lang})`, { within: '.ant-modal-wrap' });
      await shot(page, 'provider-dialog');
      await page.locator('#sso-provider-ok').click();
      await page.locator('#sso-provider-table').getByText(label).waitFor();
      await settled(page);
      await expectAccessible(page, `16 providers (${lang})`);
      await shot(page, 'providers');

      await visit(page, '/system/webhooks');
      const allow = page.locator('#webhook-allow-private');
      await expect.poll(() => allow.isDisabled()).toBe(false);
      // The setting is the system's: the other language's run may have turned it on already.
      if ((await allow.getAttribute('aria-checked')) !== 'true') await allow.click();
      await expect.poll(() => allow.getAttribute('aria-checked')).toBe('true');
      await page.context().close();
    });

    it('Sam signs in through the provider: a just-in-time account, in the project by the group rule', async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
      sam = await context.newPage();
      await sam.goto(url('/login'));
      await sam.locator('input[name="email"]').fill(account.email);
      const button = sam.locator('#sso-sign-in');
      await expect.poll(() => button.textContent()).toContain(t('sso.signInWith', { label }));
      await settled(sam);
      await expectAccessible(sam, `16 login with single sign-on (${lang})`);
      await shot(sam, 'login-sso');
      await button.click();
      await atProvider(sam);
      await sam.waitForURL(/\/select$/);
      await sam.locator('#project-table').getByText(study.projectName).click();
      await sam.waitForURL(/\/home/);
      await expect.poll(() => sam.locator('header').textContent()).toContain(account.name);
    });

    it('Sam certifies the scan as a copy, signing after a fresh authentication at the provider', async () => {
      await visit(sam, `/work?folder=${folderId}`);
      const [tab] = await Promise.all([
        sam.context().waitForEvent('page'),
        sam.locator(`#document-row-${scanId}-view`).click(),
      ]);
      await tab.locator('#viewer-certify-start').click();
      await tab.locator('#viewer-certify-sign').click();
      // No password for an SSO account: the provider asks again (prompt=login) in a window of its own.
      const reauth = tab.locator('#sso-reauth');
      await reauth.waitFor();
      expect(await tab.locator('input[name="signature-password"]').count()).toBe(0);
      const [window] = await Promise.all([tab.waitForEvent('popup'), reauth.click()]);
      await atProvider(window);
      // /sso/proof hands the proof to the dialog and closes the window.
      await window.waitForEvent('close');
      await expect.poll(() => tab.locator('#sso-reauth-done').textContent()).toContain(label);
      const email = tab.locator('input[name="signature-email"]');
      if (await email.count()) await email.fill(account.email);
      await tab.locator('input[name="signature-confirmed"]').check();
      await expectAccessible(tab, `16 certify dialog, re-authenticated (${lang})`, { within: '.ant-modal-wrap' });
      await shot(tab, 'certify-reauthenticated');
      const certified = tab.waitForResponse((r) => new URL(r.url()).pathname.includes('/certified-copy/certify/'));
      await tab.locator('#viewer-certify-ok').click();
      expect((await certified).status()).toBe(200);
      await expect.poll(() => tab.locator('#viewer-certified-copy').textContent()).toBe(t('certifiedCopy.tag'));
      await tab.close();
    });

    it('Sam creates an API token that reads documents, and a program calls the API with it', async () => {
      await visit(sam, '/user');
      await sam.getByRole('tab', { name: t('apiToken.tab') }).click();
      await sam.locator('#api-token-create').click();
      await sam.locator('#api-token-form_name').fill(`Warehouse ${lang}`);
      await sam.locator('#api-token-scope-documents-read').check();
      await sam.locator('#api-token-dialog-ok').click();
      const secret = sam.locator('#api-token-secret');
      await expect.poll(() => secret.inputValue()).toMatch(/^edoc_pat_/);
      const token = await secret.inputValue();
      await settled(sam);
      await expectAccessible(sam, `16 the token, shown once (${lang})`, { within: '.ant-modal-wrap' });
      await shot(sam, 'token-shown');
      await sam.locator('#api-token-secret-close').click();

      const call = (path: string, init: RequestInit = {}) =>
        fetch(`${env.baseUrl}${API_BASE}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'x-edoc-project': String(study.projectId), ...init.headers },
        });
      const read = await call(`/file/${scanId}`);
      const answer = (await read.json()) as { status: boolean; data: { fileName?: string; name?: string } };
      expect(read.status).toBe(200);
      expect(answer.status).toBe(true);
      expect(JSON.stringify(answer.data)).toContain('Signed consent scan');
      // Filing is outside the token's one scope: refused, whatever Sam himself may do.
      const form = new FormData();
      form.set('folderId', String(folderId));
      form.set('name', 'Not by this token');
      form.set(
        'file',
        new Blob([new Uint8Array(makePdf('x.pdf', ['x']).buffer)], { type: 'application/pdf' }),
        'x.pdf',
      );
      const write = await call('/minio/file/save', { method: 'POST', body: form });
      expect(write.status).toBe(403);
    });

    it('Sam subscribes a webhook for the project; its test event arrives signed and shows in the delivery log', async () => {
      await visit(sam, '/manage/webhooks');
      await sam.locator('#webhook-create').click();
      await sam.locator('#webhook-form_url').fill(receiver.address);
      await sam.locator('[id="webhook-event-document.signed"]').check();
      await sam.locator('#webhook-dialog-ok').click();
      const secretField = sam.locator('#webhook-secret');
      await expect.poll(() => secretField.inputValue()).toMatch(/^whsec_/);
      const secret = await secretField.inputValue();
      await sam.locator('#webhook-secret-close').click();

      await sam.locator('[id^="webhook-test-"]').first().click();
      await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const ping = receiver.got[0]!;
      expect(ping.headers['x-edoc-event']).toBe('ping');
      expect(signatureHolds(secret, String(ping.headers['x-edoc-signature']), ping.body)).toBe(true);
      expect(signatureHolds('whsec_wrong', String(ping.headers['x-edoc-signature']), ping.body)).toBe(false);

      await sam.locator('[id^="webhook-log-"]').first().click();
      const log = sam.locator('#webhook-deliveries');
      await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain('HTTP 200');
      await settled(sam);
      await expectAccessible(sam, `16 delivery log (${lang})`, { within: '.ant-modal-wrap' });
      await shot(sam, 'delivery-log');
    });
  },
);
