import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiTokenRow } from '@edoc/contract/api-token';
import { apiTokenRoutes } from '@edoc/contract/api-token-routes';
import { RoleCode } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { companyUserPage } from '@edoc/contract/company';
import { UserType } from '@edoc/contract/enums';
import { userInfo, type UserInfo } from '@edoc/contract/user';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply, serve } from '../../test/fetch-mock';
import { byId } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject, signIn } from '../../test/session';

const token = (id: number, over: Partial<ApiTokenRow> = {}): ApiTokenRow => ({
  id,
  userId: 5,
  name: `Token ${id}`,
  prefix: 'edoc_pat_abcdef',
  scopes: ['documents:read'],
  projectIds: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  createdAt: '2026-11-28T08:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  ...over,
});

const info: UserInfo = {
  userId: 5,
  email: 'pat@example.com',
  userName: 'Pat',
  firstName: null,
  lastName: null,
  mobile: null,
  phone: null,
  sex: null,
  country: null,
  city: null,
  userType: UserType.Project,
  companyId: 3,
  companyName: 'Acme',
  roleCode: 'STU_STAFF',
  avatarUrl: null,
  hasSignature: false,
  lang: 'en-US',
  passwordChangedAt: null,
};

/** The JSON bodies the page sent to a path. */
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://x').pathname === `/edoc${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('API tokens in the user centre (issue 29 part 4)', () => {
  it('lists, makes one showing its secret once, and revokes after confirmation', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectStaff);
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, info),
      ...serve(apiTokenRoutes.list, {
        list: [
          token(1, { lastUsedAt: '2026-11-28T09:00:00.000Z', lastUsedIp: '10.0.0.8', projectIds: [11] }),
          token(2, { revokedAt: '2026-11-28T10:00:00.000Z' }),
        ],
      }),
      ...serve(projectEntryRoutes.list, {
        data: [
          {
            study_id: 11,
            study_name: 'Alpha',
            study_code: 'A',
            company_id: 3,
            company_name: 'Acme',
            taskNum: 0,
            mark: false,
            idle_time: 30,
            study_page_size: 10,
            reviewOpen: true,
            qcOpen: true,
            approveOpen: true,
            closed: false,
            inspector: false,
          },
        ],
        total: 1,
      }),
      ...serve(apiTokenRoutes.create, { id: 3, token: 'edoc_pat_secret_shown_once', prefix: 'edoc_pat_secret' }),
      ...serve(apiTokenRoutes.revoke, null),
    });
    renderApp('/user');
    fireEvent.click(await screen.findByRole('tab', { name: 'API tokens' }, { timeout: 30_000 }));
    expect(await screen.findByText('Token 1', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(byId('api-token-state-1')).toHaveTextContent('Active');
    expect(byId('api-token-state-2')).toHaveTextContent('Revoked');
    expect(screen.getByText(/10\.0\.0\.8/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText('Token 1').closest('tr')!).getByText('Alpha')).toBeInTheDocument(),
    );

    // Make one: name and scopes (each with its meaning); the secret is shown once, with the warning.
    fireEvent.click(byId('api-token-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'CTMS sync' } });
    // Every control is labelled: the date and the project choice by their field labels.
    expect(within(dialog).getByLabelText('Expires')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Projects')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Read reports/ }));
    fireEvent.click(byId('api-token-dialog-ok'));
    await waitFor(() => expect(sent(fetchMock, '/api-token')).toHaveLength(1));
    expect(sent(fetchMock, '/api-token')[0]).toMatchObject({
      name: 'CTMS sync',
      scopes: ['reports:read'],
      projectIds: null,
    });
    expect(await screen.findByDisplayValue('edoc_pat_secret_shown_once')).toBeInTheDocument();
    expect(screen.getByText(/You will not see it again/)).toBeInTheDocument();
    fireEvent.click(byId('api-token-secret-close'));

    // Revoke asks first; the revoked one offers no action.
    expect(document.getElementById('api-token-revoke-2')).toBeNull();
    fireEvent.click(byId('api-token-revoke-1'));
    expect((await screen.findAllByText(/Revoke the token “Token 1”/)).length).toBeGreaterThan(0);
    expect(sent(fetchMock, '/api-token/1/revoke')).toHaveLength(0);
    fireEvent.click(byId('api-token-revoke-ok-1'));
    await waitFor(() => expect(sent(fetchMock, '/api-token/1/revoke')).toHaveLength(1));
  }, 60_000);

  it('says so when there is none, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject(RoleCode.ProjectStaff);
    mockApi({
      'GET /user/info': () => reply(userInfo, { ...info, lang: 'zh-CN' }),
      ...serve(apiTokenRoutes.list, { list: [] }),
      ...serve(projectEntryRoutes.list, { data: [], total: 0 }),
    });
    renderApp('/user');
    fireEvent.click(await screen.findByRole('tab', { name: 'API 令牌' }, { timeout: 30_000 }));
    await waitFor(() => expect(screen.getByText('暂无 API 令牌')).toBeInTheDocument(), { timeout: 30_000 });
  }, 60_000);
});

describe('service accounts in company administration', () => {
  it('lists, makes one and disables one after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /company/users': () => reply(companyUserPage, { data: [], total: 0 }),
      ...serve(apiTokenRoutes.serviceAccounts, {
        list: [
          { id: 40, name: 'EDC bridge', email: 'svc@x.invalid', enabled: true, createdAt: '2026-11-28T08:00:00.000Z' },
        ],
      }),
      ...serve(apiTokenRoutes.createServiceAccount, { id: 41 }),
      ...serve(apiTokenRoutes.disableServiceAccount, null),
      ...serve(apiTokenRoutes.list, { list: [] }),
    });
    renderApp('/company/user?tab=service-accounts');
    expect(await screen.findByText('EDC bridge', {}, { timeout: 30_000 })).toBeInTheDocument();
    fireEvent.click(byId('service-account-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New service account' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Warehouse' } });
    fireEvent.click(byId('service-account-dialog-ok'));
    await waitFor(() => expect(sent(fetchMock, '/service-account')).toEqual([{ name: 'Warehouse' }]));

    fireEvent.click(byId('service-account-disable-40'));
    expect((await screen.findAllByText(/Disable the service account “EDC bridge”/)).length).toBeGreaterThan(0);
    fireEvent.click(byId('service-account-disable-ok-40'));
    await waitFor(() => expect(sent(fetchMock, '/service-account/40/disable')).toHaveLength(1));
  }, 60_000);
});
