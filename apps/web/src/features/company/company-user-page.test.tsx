import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyList, companyUserPage } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { UserType } from '@edoc/contract/enums';
import { apiTokenRoutes } from '@edoc/contract/api-token-routes';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const bob = {
  userId: 8,
  email: 'bob@example.com',
  userName: 'Bob Staff',
  userType: UserType.Project,
  companyId: 3,
  isCompanyManager: false,
  enabled: true,
  origin: 0,
  approvalStatus: 1,
  mobile: '123',
  createdAt: '2025-01-01T00:00:00Z',
  totpEnabled: true,
};
const carol = { ...bob, userId: 9, email: 'carol@example.com', userName: 'Carol Staff', totpEnabled: false };
const policy = serve(totpRoutes.policy, {
  companyId: 3,
  totpRequired: false,
  totpRoles: [],
  passwordSignIn: true,
  ssoEnabled: false,
  roles: [],
});
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

function posts(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).includes(`/edoc${path}`));
}

// jsdom has no object URLs; the download helper needs them.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  stopIdle();
});

describe('company users', () => {
  it('opens on the users with their second factor, and keeps the chosen tab in the address (Chinese)', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi({ 'GET /company/users': () => reply(companyUserPage, { data: [bob, carol], total: 2 }), ...policy });
    const router = renderApp('/company/user');
    const table = await findById('company-user-table');
    await within(table).findByText('Bob Staff');
    expect(within(table).getByRole('columnheader', { name: '双重验证' })).toBeInTheDocument();
    expect(within(rowOf('Bob Staff')).getByText('已启用')).toBeInTheDocument();
    expect(within(rowOf('Carol Staff')).getByText('未启用')).toBeInTheDocument();
    // Only a factor that is on can be reset.
    expect(within(rowOf('Bob Staff')).getByText('重置双重验证')).toBeInTheDocument();
    expect(within(rowOf('Carol Staff')).queryByText('重置双重验证')).toBeNull();
    // The users come first; the policy waits in its tab, and the tab chosen is in the address for the back button.
    expect(document.getElementById('sign-in-policy-card')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '登录策略' }));
    expect(await findById('sign-in-policy-card')).toBeVisible();
    expect(router.state.location.search).toBe('?tab=policy');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('tab', { name: '用户' })).toHaveAttribute('aria-selected', 'true');
  });

  it('resets a password only after explaining the e-mail, and exports the list as a CSV file', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /company/users': () => reply(companyUserPage, { data: [bob], total: 1 }),
      'POST /company/user/reset/8': () => reply(noData, null),
      'GET /company/users/export': () => new Response('email,name\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    renderApp('/company/user');
    expect(await within(await findById('company-user-table')).findByText('Bob Staff')).toBeInTheDocument();
    fireEvent.click(await findById('company-user-reset-8'));
    expect(
      await screen.findByText(
        'A temporary password is e-mailed to bob@example.com; the user must change it at the next sign-in.',
      ),
    ).toBeInTheDocument();
    expect(posts(fetchMock, '/company/user/reset/8')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A new password was sent to bob@example.com')).toBeInTheDocument();

    fireEvent.click(await findById('company-user-export'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^company-users-\d{8}-\d{4}\.csv$/);
  });

  it('lets the system administrator manage the users of the company in the address', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /company/list': () =>
        reply(companyList, {
          data: [
            {
              companyId: 3,
              companyName: 'Acme Pharma',
              description: null,
              enabled: true,
              projectCount: 1,
              userCount: 1,
              createdAt: '2025-01-01T00:00:00Z',
            },
          ],
          total: 1,
        }),
      'GET /company/users': () => reply(companyUserPage, { data: [bob], total: 1 }),
      'POST /company/user/a': () => reply(noData, null),
      ...serve(apiTokenRoutes.serviceAccounts, { list: [] }),
    });
    const router = renderApp('/system/company/user?companyId=3');
    expect(await within(await findById('company-user-table')).findByText('Bob Staff')).toBeInTheDocument();
    const list = fetchMock.mock.calls.find(([u]) => String(u).includes('/edoc/company/users?'));
    expect(new URL(String(list?.[0]), 'http://x').searchParams.get('companyId')).toBe('3');

    // Disabling asks first, then sends the change for the chosen company.
    fireEvent.click(await findById('company-user-enabled-8'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts(fetchMock, '/company/user/a')).toHaveLength(1));
    const [url, init] = posts(fetchMock, '/company/user/a')[0];
    expect(new URL(String(url), 'http://x').searchParams.get('companyId')).toBe('3');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 8, userName: 'Bob Staff', enabled: false });

    // Another tab keeps the company chosen.
    fireEvent.click(screen.getByRole('tab', { name: 'Service accounts' }));
    expect(await findById('service-account-create')).toBeVisible();
    expect(router.state.location.search).toBe('?companyId=3&tab=service-accounts');
  });
});
