import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Lang, UserType } from '@edoc/contract/enums';
import { noData } from '@edoc/contract/envelope';
import { memberCandidateList, projectMemberPage } from '@edoc/contract/member';
import { roleCreated, roleList } from '@edoc/contract/role';
import { siteList } from '@edoc/contract/site';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

const ME = 5;
const members = [
  {
    memberId: 1,
    userId: ME,
    userName: 'Ada Admin',
    email: 'ada@x.test',
    roleId: 10,
    roleCode: 'STU_PM',
    roleName: 'Project administrator',
    siteIds: [],
  },
  {
    memberId: 2,
    userId: 6,
    userName: 'Sam Staff',
    email: 'sam@x.test',
    roleId: 11,
    roleCode: 'STU_STAFF',
    roleName: 'Ordinary user',
    siteIds: [31],
  },
];
const site = {
  siteId: 31,
  name: 'Peking Union',
  shortName: 'PUMCH',
  code: 'S01',
  countryId: null,
  countryCode: null,
  memberCount: 1,
};
const roles = [
  {
    roleId: 10,
    code: 'STU_PM',
    name: 'Project administrator',
    description: null,
    builtin: true,
    docKeys: ['viewDoc'],
    libraryKeys: [],
    memberCount: 1,
  },
  {
    roleId: 12,
    code: 'CRA',
    name: 'Monitor',
    description: 'CRAs',
    builtin: false,
    docKeys: ['viewDoc', 'reviewDoc'],
    libraryKeys: ['viewDoc'],
    memberCount: 0,
  },
];

const routes = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /manage/member/list': () => reply(projectMemberPage, { data: members, total: 2 }),
  'GET /site/list': () => reply(siteList, [site]),
  'GET /role/list': () => reply(roleList, roles),
  'GET /manage/member/candidates': () =>
    reply(memberCandidateList, [
      {
        userId: 7,
        userName: 'Nia New',
        email: 'nia@x.test',
        userType: UserType.Project,
        companyId: 1,
        isCompanyManager: false,
        enabled: true,
        origin: 0,
        approvalStatus: 1,
        mobile: null,
        createdAt: '2025-01-01T00:00:00Z',
      },
    ]),
  ...extra,
});

function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}));
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('manage user page: members', () => {
  it('lists the members with their roles and site names; nobody may change their own rights', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes());
    renderApp('/manage/user');
    const table = await findById('manage-member-table');
    expect(await within(table).findByText('Sam Staff')).toBeInTheDocument();
    expect(await within(table).findByText('PUMCH')).toBeInTheDocument();
    expect(within(table).getByText('All sites (central)')).toBeInTheDocument();
    expect(document.getElementById('manage-member-edit-1')).toBeDisabled();
    expect(document.getElementById('manage-member-remove-1')).toBeDisabled();
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/manage/member/list'))![0]),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('names the built-in roles in Chinese in the Chinese UI (issue 12, defect 4)', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(routes());
    renderApp('/manage/user');
    const table = await findById('manage-member-table');
    expect(await within(table).findByText('项目管理员')).toBeInTheDocument();
    expect(within(table).getByText('普通用户')).toBeInTheDocument();
    expect(within(table).queryByText('Ordinary user')).toBeNull();
  });

  it('removes a member only after confirmation', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes({ 'POST /manage/member/remove/2': () => reply(noData, null) }));
    renderApp('/manage/user');
    fireEvent.click(await findById('manage-member-remove-2'));
    expect(await screen.findByText('Remove Sam Staff from the project?')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/manage/member/remove/2')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/manage/member/remove/2')).toHaveLength(1));
    expect(await screen.findByText('Sam Staff was removed from the project')).toBeInTheDocument();
  });

  it('shows the unfinished-tasks refusal inside the role dialog', async () => {
    await changeLanguage('en-US');
    enterProject();
    const refusal = 'The current user has the following tasks not completed and cannot modify roles and permissions';
    mockApi(
      routes({
        'POST /manage/member/update/2': () =>
          envelope(null, { status: 409, errorCode: 'user_has_tasks', msg: refusal }),
      }),
    );
    renderApp('/manage/user');
    fireEvent.click(await findById('manage-member-edit-2'));
    await screen.findByRole('dialog');
    fireEvent.click(await findById('manage-member-form-ok'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

describe.each([
  { lang: 'zh-CN' as Lang, required: '请输入中心编号', tab: '中心', duplicate: '中心编号重复' },
  { lang: 'en-US' as Lang, required: 'Site code is required', tab: 'Sites', duplicate: 'Duplicate site code' },
])('manage user page: sites in $lang', ({ lang, required, tab, duplicate }) => {
  it('validates the form, creates a site and puts the duplicate-code refusal under the code', async () => {
    await changeLanguage(lang);
    enterProject();
    const fetchMock = mockApi(
      routes({
        'POST /site/create': () => envelope(null, { status: 409, errorCode: 'site_code_exists', msg: duplicate }),
      }),
    );
    renderApp('/manage/user');
    fireEvent.click(await screen.findByRole('tab', { name: tab }));
    const table = await findById('site-table');
    expect(await within(table).findByText('Peking Union')).toBeInTheDocument();
    fireEvent.click(await findById('site-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Ruijin' } });
    fireEvent.click(await findById('site-form-ok'));
    expect(await within(dialog).findByText(required)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/site/create')).toHaveLength(0);

    fireEvent.change(dialog.querySelector('input[name="code"]')!, { target: { value: ' s01 ' } });
    fireEvent.click(await findById('site-form-ok'));
    expect(await within(dialog).findByText(duplicate)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/site/create')).toEqual([{ name: 'Ruijin', code: 's01' }]);
  });
});

describe('manage user page: sites and roles', () => {
  it('deletes a site only after a confirmation that warns about files', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes({ 'POST /site/delete/31': () => reply(noData, null) }));
    renderApp('/manage/user?tab=sites');
    fireEvent.click(await findById('site-delete-31'));
    expect(await screen.findByText(/A site that still holds files cannot be deleted/)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/site/delete/31')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/site/delete/31')).toHaveLength(1));
  });

  it('lists roles with their keys; a built-in role cannot be deleted, a custom one after confirmation', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(
      routes({
        'POST /role/delete/12': () =>
          envelope(null, { status: 409, errorCode: 'role_in_use', msg: 'The role is in use' }),
      }),
    );
    renderApp('/manage/user?tab=roles');
    const table = await findById('role-table');
    expect(await within(table).findByText('Monitor')).toBeInTheDocument();
    expect(within(table).getAllByText('Review').length).toBeGreaterThan(0);
    expect(document.getElementById('role-delete-10')).toBeDisabled();
    fireEvent.click(await findById('role-delete-12'));
    expect(await screen.findByText('Delete role Monitor?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/role/delete/12')).toHaveLength(1));
    expect(await screen.findByText('The role is in use')).toBeInTheDocument();
  });

  it('creates a role with its keys, checking the code first', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes({ 'POST /role/create': () => reply(roleCreated, { roleId: 13 }) }));
    renderApp('/manage/user?tab=roles');
    fireEvent.click(await findById('role-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="code"]')!, { target: { value: '1 bad' } });
    expect(await within(dialog).findByText('Role code is invalid')).toBeInTheDocument();
    fireEvent.change(dialog.querySelector('input[name="code"]')!, { target: { value: 'QA' } });
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Quality' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'QC' }));
    fireEvent.click(await findById('role-form-ok'));
    await waitFor(() => expect(bodiesTo(fetchMock, '/role/create')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/role/create')[0]).toEqual({
      code: 'QA',
      name: 'Quality',
      docKeys: ['qcDoc', 'viewDoc'],
      libraryKeys: ['viewDoc'],
    });
    expect(await screen.findByText('Role created')).toBeInTheDocument();
  });
});
