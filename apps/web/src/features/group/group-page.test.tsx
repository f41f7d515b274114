import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Lang, RoleCode } from '@edoc/contract/enums';
import { noData } from '@edoc/contract/envelope';
import { groupList } from '@edoc/contract/group';
import { projectMemberPage } from '@edoc/contract/member';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

const monitors = {
  groupId: 4,
  name: 'Monitors',
  description: 'CRAs',
  memberIds: [6],
  members: [{ userId: 6, userName: 'Sam Staff', email: 'sam@x.test' }],
  grantCount: 2,
};

function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}));
}

const routes = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /group/list': () => reply(groupList, [monitors]),
  'GET /manage/member/list': () =>
    reply(projectMemberPage, {
      data: [
        {
          memberId: 2,
          userId: 6,
          userName: 'Sam Staff',
          email: 'sam@x.test',
          roleId: 11,
          roleCode: 'STU_STAFF',
          roleName: 'Staff',
          siteIds: [],
        },
      ],
      total: 1,
    }),
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('group page', () => {
  it('lists the groups with their members', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(routes());
    renderApp('/manage/group');
    const table = await findById('group-table');
    expect(await within(table).findByText('Monitors')).toBeInTheDocument();
    expect(within(table).getByText('Sam Staff')).toBeInTheDocument();
  });

  it('says before deleting that the group’s folder grants go with it', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes({ 'POST /group/delete/4': () => reply(noData, null) }));
    renderApp('/manage/group');
    fireEvent.click(await findById('group-delete-4'));
    expect(await screen.findByText(/Its 2 folder grant\(s\) are deleted with it/)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/group/delete/4')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/group/delete/4')).toHaveLength(1));
    expect(await screen.findByText('Group Monitors deleted')).toBeInTheDocument();
  });

  it('is not reachable for ordinary staff', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectStaff);
    const fetchMock = mockApi(routes());
    const router = renderApp('/manage/group');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/group/list'))).toHaveLength(0);
  });
});

describe.each([
  { lang: 'zh-CN' as Lang, required: '请输入用户组名称', duplicate: '用户组名称已存在' },
  { lang: 'en-US' as Lang, required: 'Group name is required', duplicate: 'User group name already exists' },
])('group dialog in $lang', ({ lang, required, duplicate }) => {
  it('requires a name, sends the members and shows the duplicate-name refusal under the name', async () => {
    await changeLanguage(lang);
    enterProject();
    const fetchMock = mockApi(
      routes({
        'POST /group/create': () => envelope(null, { status: 409, errorCode: 'group_name_exists', msg: duplicate }),
      }),
    );
    renderApp('/manage/group');
    fireEvent.click(await findById('group-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('group-form-ok'));
    expect(await within(dialog).findByText(required)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/group/create')).toHaveLength(0);
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'monitors' } });
    fireEvent.click(await findById('group-form-ok'));
    expect(await within(dialog).findByText(duplicate)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/group/create')).toEqual([{ name: 'monitors', memberIds: [] }]);
  });
});
