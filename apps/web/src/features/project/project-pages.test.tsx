import { UserType } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { memberCandidateList, memberCreated, projectMemberList, projectRoleList } from '@edoc/contract/member';
import { directoryTemplateList, projectCreated, projectList } from '@edoc/contract/project';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

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
  memberCount: 2,
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

function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}));
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('company project pages', () => {
  it('creates a project with its settings and a directory template, and names the project code in messages', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /project/list': () => reply(projectList, { data: [project], total: 1 }),
      'GET /template/directory/list': () =>
        reply(directoryTemplateList, [
          { id: 1, name: 'ICH E6(R2) essential documents', type: 2, shipped: true, folderCount: 48 },
        ]),
      'POST /project/create': () => reply(projectCreated, { studyId: 12 }),
    });
    renderApp('/company/project/list');
    expect(await screen.findByText('Alpha trial')).toBeInTheDocument();
    fireEvent.click(await findById('project-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('project-form-ok'));
    expect(await within(dialog).findByText('Project code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Project name is required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project code' }), { target: { value: 'BET-02' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project name' }), {
      target: { value: ' Beta trial ' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Quality check' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Directory template' }));
    fireEvent.click(await screen.findByTitle('ICH E6(R2) essential documents (48 folders)'));
    fireEvent.click(await findById('project-form-ok'));

    await waitFor(() => expect(bodiesTo(fetchMock, '/project/create')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/project/create')[0]).toEqual({
      code: 'BET-02',
      name: 'Beta trial',
      idleMinutes: 30,
      pageSize: 10,
      reviewOpen: true,
      qcOpen: false,
      approveOpen: true,
      libraryFolder: true,
      allowedFileTypes: [],
      endDate: null,
      directoryTemplateId: 1,
    });
    expect(await screen.findByText('Project created')).toBeInTheDocument();
  });

  it('closes a project only after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /project/list': () => reply(projectList, { data: [project], total: 1 }),
      'POST /project/close/11': () => reply(noData, null),
    });
    renderApp('/company/project/list');
    fireEvent.click(await findById('project-toggle-11'));
    expect(await screen.findByText('Close this project?')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/project/close/11')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/project/close/11')).toHaveLength(1));
  });

  it('lists the members of the project in the address, adds one and shows why a removal is refused', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /project/list': () => reply(projectList, { data: [project], total: 1 }),
      'GET /project/11/members': () => reply(projectMemberList, [member]),
      'GET /project/11/roles': () =>
        reply(projectRoleList, [
          { roleId: 1, code: 'STU_PM', name: 'Project administrator', builtin: true },
          { roleId: 2, code: 'STU_STAFF', name: 'Ordinary user', builtin: true },
        ]),
      'GET /company/users/not/study': () =>
        reply(memberCandidateList, [
          {
            userId: 9,
            email: 'dan@example.com',
            userName: 'Dan New',
            userType: UserType.Project,
            companyId: 3,
            isCompanyManager: false,
            enabled: true,
            origin: 0,
            approvalStatus: 1,
            mobile: null,
            createdAt: '2025-01-01T00:00:00Z',
          },
        ]),
      'POST /project/11/members': () => reply(memberCreated, { memberId: 41 }),
      'POST /project/11/members/40/remove': () =>
        envelope(null, {
          status: 409,
          errorCode: 'user_has_tasks',
          msg: 'The current user has the following tasks not completed and cannot modify roles and permissions',
        }),
    });
    renderApp('/company/project/user?studyId=11');
    const table = await findById('member-table');
    expect(await within(table).findByText('Bob Staff')).toBeInTheDocument();

    fireEvent.click(await findById('member-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('member-form-ok'));
    expect(await within(dialog).findByText('User is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'User' }));
    fireEvent.click(await screen.findByTitle('Dan New <dan@example.com>'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByTitle('Project administrator (STU_PM)'));
    fireEvent.click(await findById('member-form-ok'));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/project/11/members')).toEqual([{ userId: 9, roleId: 1, siteIds: [] }]),
    );

    fireEvent.click(await findById('member-remove-40'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'The current user has the following tasks not completed and cannot modify roles and permissions',
      ),
    ).toBeInTheDocument();
  });
});
