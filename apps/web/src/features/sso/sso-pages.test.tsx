import { afterEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SsoProviderItem } from '@edoc/contract/sso';
import { ssoRoutes } from '@edoc/contract/sso-routes';
import { companyRoutes } from '@edoc/contract/company-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const provider: SsoProviderItem = {
  id: 4,
  companyId: 3,
  companyName: 'Acme Pharma',
  label: 'Acme ID',
  issuer: 'https://login.acme.example',
  clientId: 'edoc',
  clientSecretSet: true,
  domains: ['acme.example'],
  emailClaim: 'email',
  nameClaim: 'name',
  groupsClaim: 'groups',
  jitAccounts: true,
  enabled: true,
  discoveredAt: '2026-11-28T08:00:00.000Z',
};

/** The JSON bodies the page sent to a path. */
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://x').pathname === `/edoc${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);

// Each violation with the start of the elements it names. `region` is left to the browser journeys (16 checks these
// pages in Chromium): in jsdom, in a worker shared with earlier files, the layout's skip link was once read as
// content outside landmarks (CI, session 24), though the page had its main.
const axeClean = async () => {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('single sign-on pages (issue 29 parts 1-2)', () => {
  it('lists the providers, keeps the stored secret on a change, and puts a failed discovery under the issuer', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      ...serve(ssoRoutes.providers, [provider]),
      ...serve(companyRoutes.list, { data: [{ companyId: 3, companyName: 'Acme Pharma' }], total: 1 } as never),
      ...serve(ssoRoutes.testIssuer, {
        issuer: 'https://login.acme.example',
        authorizationEndpoint: 'https://login.acme.example/authorize',
        tokenEndpoint: 'https://login.acme.example/token',
        jwksUri: null,
        pkceS256: true,
        claimsSupported: ['sub', 'email'],
      }),
      ...serve(ssoRoutes.saveProvider, () =>
        envelope(null, { status: 502, errorCode: 'sso_discovery_failed', msg: 'The provider could not be reached' }),
      ),
    });
    renderApp('/system/sso');
    expect(await waitFor(() => byId('sso-edit-4'), { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText('acme.example')).toBeInTheDocument();
    await axeClean();
    fireEvent.click(byId('sso-edit-4'));
    expect(await screen.findByText(/A secret is stored and never shown/)).toBeInTheDocument();
    fireEvent.click(byId('sso-test-discovery'));
    expect(await findById('sso-discovery-result')).toHaveTextContent('The provider answered its discovery document');
    expect(byId('sso-discovery-result')).toHaveTextContent('https://login.acme.example/token');
    fireEvent.click(byId('sso-provider-ok'));
    expect(await screen.findByText('The provider could not be reached')).toBeInTheDocument();
    const [body] = sent(fetchMock, '/system/sso');
    expect(body).toMatchObject({ companyId: 3, issuer: 'https://login.acme.example', clientSecret: '' });
  });

  it('lists the group rules in Chinese and deletes one after confirmation', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(ssoRoutes.rules, [
        { id: 9, groupName: 'trial-a', projectId: 11, projectName: 'Alpha', roleCode: 'STU_STAFF' },
      ]),
      ...serve(ssoRoutes.deleteRule, null),
    });
    renderApp('/company/sso');
    fireEvent.click(await waitFor(() => byId('sso-rule-delete-9'), { timeout: 30_000 }));
    expect((await screen.findAllByText('删除用户组“trial-a”对 Alpha 的规则？')).length).toBeGreaterThan(0);
    fireEvent.click(byId('sso-rule-delete-ok-9'));
    await waitFor(() => expect(sent(fetchMock, '/company/sso/rules/9/delete')).toHaveLength(1));
  });

  it('offers "Sign in with …" for a domain with a provider, and shows a refusal from the round trip', async () => {
    await changeLanguage('en-US');
    mockApi({
      'GET /captcha': () => envelope({ id: 'cap-1', image: 'data:image/png;base64,' }),
      'GET /notice/system/release': () => envelope(null),
      ...serve(ssoRoutes.discover, (url) =>
        url.searchParams.get('email')?.endsWith('@acme.example')
          ? { provider: { providerId: 4, label: 'Acme ID' } }
          : { provider: null },
      ),
    });
    // The login page reads the refusal from the address itself (it also runs without the router, issue 30).
    window.history.replaceState(null, '', '/login?sso_error=sso_email_unverified');
    renderApp('/login?sso_error=sso_email_unverified');
    expect(await findById('sso-error')).toHaveTextContent('The provider has not verified this e-mail address');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'cora@acme.example' } });
    const button = await waitFor(() => byId('sso-sign-in'), { timeout: 5000 });
    expect(button).toHaveTextContent('Sign in with Acme ID');
    expect(button.getAttribute('href')).toBe('/edoc/sso/start?provider=4&lang=en-US');
  });

  it('lets a person pick the company when the address names none, asking the list only then (in Chinese)', async () => {
    await changeLanguage('zh-CN');
    const fetchMock = mockApi({
      'GET /captcha': () => envelope({ id: 'cap-1', image: 'data:image/png;base64,' }),
      'GET /notice/system/release': () => envelope(null),
      ...serve(ssoRoutes.choices, () => [
        { providerId: 4, label: 'Acme ID' },
        { providerId: 7, label: 'Bravo 登录' },
      ]),
    });
    window.history.replaceState(null, '', '/login');
    renderApp('/login');
    const choose = await findById('sso-choose');
    expect(choose).toHaveTextContent('使用所在公司的账号登录');
    const asked = () =>
      fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/edoc/sso/providers').length;
    expect(asked()).toBe(0);
    fireEvent.click(choose);
    const bravo = await findById('sso-choice-7');
    expect(bravo).toHaveTextContent('使用 Bravo 登录 登录');
    expect(bravo.getAttribute('href')).toBe('/edoc/sso/start?provider=7&lang=zh-CN');
    expect(byId('sso-choice-4').getAttribute('href')).toBe('/edoc/sso/start?provider=4&lang=zh-CN');
    expect(asked()).toBe(1);
  });

  it('exchanges the ticket from the fragment, and offers the way back when there is none', async () => {
    await changeLanguage('en-US');
    const fetchMock = mockApi({
      ...serve(ssoRoutes.complete, () =>
        envelope(null, { status: 401, errorCode: 'sso_ticket_invalid', msg: 'This sign-in ticket is not valid' }),
      ),
    });
    window.history.replaceState(null, '', '/sso/complete#ticket=t-1');
    renderApp('/sso/complete');
    expect(await findById('sso-complete-error')).toHaveTextContent('This sign-in ticket is not valid');
    expect(sent(fetchMock, '/sso/complete')).toEqual([{ ticket: 't-1' }]);
    expect(window.location.hash).toBe('');
    await axeClean();
    fireEvent.click(byId('sso-back'));
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
  });
});
