import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { memberCandidateList, projectMemberList, projectRoleList } from '@edoc/contract/member';
import { projectList } from '@edoc/contract/project';
import { siteList } from '@edoc/contract/site';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const project = {
  studyId: 11,
  code: 'ALP-01',
  name: 'Alpha trial',
  phase: 'III',
  description: null,
  companyId: 3,
  companyName: 'Acme Pharma',
  idleMinutes: 30,
  pageSize: 10,
  reviewOpen: true,
  qcOpen: true,
  approveOpen: false,
  libraryFolder: true,
  allowedFileTypes: ['pdf'],
  versionConvention: 'V1.0',
  endDate: null,
  closed: false,
  memberCount: 1,
  timeZone: 'UTC',
  expiryNoticeDays: 30,
};
const member = {
  memberId: 40,
  userId: 8,
  userName: 'Bob Staff',
  email: 'bob@example.com',
  roleId: 2,
  roleCode: 'STU_STAFF',
  roleName: 'Ordinary user',
  siteIds: [],
};
const routes = {
  'GET /project/list': () => reply(projectList, { data: [project], total: 1 }),
  'GET /project/11/members': () => reply(projectMemberList, [member]),
  'GET /project/11/roles': () =>
    reply(projectRoleList, [
      { roleId: 1, code: 'STU_PM', name: 'Project administrator', builtin: true },
      { roleId: 2, code: 'STU_STAFF', name: 'Ordinary user', builtin: true },
    ]),
  'GET /project/11/sites': () =>
    reply(siteList, [
      {
        siteId: 5,
        name: 'Peking Union',
        shortName: null,
        code: 'S-01',
        countryId: null,
        countryCode: null,
        memberCount: 0,
      },
      { siteId: 6, name: 'Ruijin', shortName: null, code: 'S-02', countryId: null, countryCode: null, memberCount: 0 },
    ]),
  'GET /company/users/not/study': () => reply(memberCandidateList, []),
  'POST /project/11/members/40/a': () =>
    new Response(
      JSON.stringify({
        status: false,
        msg: '当前用户有以下任务未完成，不能修改角色和权限',
        errorCode: 'user_has_tasks',
        data: [
          { taskId: 3, kind: 'review', fileId: 70, fileName: 'Site signature log', status: 3 },
          { taskId: 4, kind: 'receive', fileId: 71, fileName: 'Monitoring plan', status: 2 },
        ],
      }),
      { status: 409, headers: { 'Content-Type': 'application/json' } },
    ),
};

describe("the company administrator's member dialog (issue 26 item 4)", () => {
  it("offers the project's sites instead of saying it has none", async () => {
    await changeLanguage('en-US');
    signIn('company');
    mockApi(routes);
    renderApp('/company/project/user?studyId=11');
    // The page is lazy: its first render on a busy machine takes a while.
    expect(await within(await findById('member-table')).findByText('Bob Staff')).toBeInTheDocument();
    fireEvent.click(await findById('member-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Sites' }));
    expect(await screen.findByTitle('S-01 Peking Union')).toBeInTheDocument();
    expect(screen.getByTitle('S-02 Ruijin')).toBeInTheDocument();
    expect(screen.queryByText('The project has no sites yet')).toBeNull();
  });

  it('lists the tasks that block a role change, each linked to its document, in Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi(routes);
    renderApp('/company/project/user?studyId=11');
    fireEvent.click(await findById('member-edit-40'));
    await screen.findByRole('dialog');
    fireEvent.click(await findById('member-form-ok'));
    const list = await findById('member-form-tasks');
    expect(within(list).getByRole('link', { name: 'Site signature log' })).toHaveAttribute('href', '/view?fileId=70');
    expect(within(list).getByRole('link', { name: 'Monitoring plan' })).toHaveAttribute('href', '/view?fileId=71');
    expect(list).toHaveTextContent('待审核');
    expect(list).toHaveTextContent('待接收');
    expect(list).toHaveTextContent('移除该成员时，这些任务会移交给项目管理员');
  });
});
