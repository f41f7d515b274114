import { RoleCode } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../lib/i18n';
import { stopIdle } from '../lib/idle-timer';
import { envelope, mockApi } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { signIn } from '../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('routes, guard and layouts', () => {
  it('sends a system administrator from / to the company list and shows the system menu', async () => {
    await changeLanguage('en-US');
    mockApi({ 'GET /company/list': () => envelope({ data: [], total: 0 }) });
    signIn('system');
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/company/list'));
    const menu = document.getElementById('side-menu') as HTMLElement;
    for (const label of ['Company management', 'Version upgrade', 'System notices', 'Personal centre']) {
      expect(within(menu).getByText(label)).toBeInTheDocument();
    }
    expect(await screen.findByText('No companies yet')).toBeInTheDocument();
    expect(document.getElementById('header-user-name')).toHaveTextContent('Ann');
    expect(document.getElementById('idle-countdown')).toHaveTextContent('30:00');
  });

  it('opens the project home for a project user and hides management from ordinary staff', async () => {
    await changeLanguage('en-US');
    mockApi({});
    signIn('project', { roleCode: RoleCode.ProjectStaff, projectName: 'Study A' });
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'));
    const menu = document.getElementById('side-menu') as HTMLElement;
    expect(within(menu).getByText('File library')).toBeInTheDocument();
    expect(within(menu).queryByText('Management')).toBeNull();
  });

  it('answers 404 to staff on a management path and to unknown paths', async () => {
    await changeLanguage('en-US');
    mockApi({});
    signIn('project', { roleCode: RoleCode.ProjectStaff });
    const router = renderApp('/manage/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
    await router.navigate('/no/such/page');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
  });

  it('sends a visitor without a token to the login page', async () => {
    mockApi({
      'GET /captcha': () => envelope({ id: 'c', image: 'data:image/png;base64,' }),
      'GET /notice/system/release': () => envelope(null),
    });
    const router = renderApp('/system/notice');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends company users without a role to the project picker, which offers logout', async () => {
    await changeLanguage('en-US');
    const fetchMock = mockApi({
      'POST /logout': () => envelope(null),
      'GET /common/study': () => envelope({ data: [], total: 0 }),
      'GET /common/company': () => envelope([]),
    });
    signIn('company', { roleCode: null });
    const router = renderApp('/company/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select'));
    expect(await screen.findByText('Select a project')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /log out/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/edoc/logout'))).toBe(true);
    expect(window.sessionStorage.getItem('edoc.token')).toBeNull();
  });

  it('asks to extend shortly before the idle end and extends on OK', async () => {
    await changeLanguage('en-US');
    const fetchMock = mockApi({ 'POST /session/extend': () => envelope({ idleSeconds: 1800 }) });
    // Half a minute of idle time puts the session straight into the last minute.
    signIn('system', { idleTime: 0.5 });
    renderApp('/system/version');
    expect(await screen.findByText('The operation time is about to expire and is extended?')).toBeInTheDocument();
    // The version page, behind the prompt (its code arrives on its own, app/pages.ts).
    await waitFor(() => expect(document.getElementById('release-create')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(document.getElementById('idle-countdown')).toHaveTextContent('30:00'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/edoc/session/extend'))).toBe(true);
  });

  it('switches the language from the header and stores it on the signed-in session', async () => {
    await changeLanguage('zh-CN');
    const fetchMock = mockApi({ 'POST /user/lang': () => envelope(null) });
    signIn('system');
    renderApp('/system/version');
    const menu = await waitFor(() => document.getElementById('side-menu') as HTMLElement);
    expect(within(menu).getByText('版本升级')).toBeInTheDocument();
    // Its name begins with the language it shows (issue 31, WCAG 2.5.3).
    fireEvent.click(screen.getByRole('button', { name: '简体中文 (语言)' }));
    await screen.findByText('English');
    expect(document.getElementById('lang-option-en-US')).not.toBeNull();
    fireEvent.click(screen.getByText('English'));
    expect(await within(menu).findByText('Version upgrade')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English (Language)' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('edoc.language')).toBe('"en-US"');
    expect(document.documentElement.lang).toBe('en-US');
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/edoc/user/lang'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ lang: 'en-US' });
    });
  });
});
