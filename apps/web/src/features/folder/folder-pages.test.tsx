import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RoleCode } from '@edoc/contract/enums';
import { noData } from '@edoc/contract/envelope';
import {
  folderCreated,
  folderGrantsAnswer,
  directoryTemplateApplied,
  folderTreeAnswer,
  userFolderRights,
  type FolderNode,
} from '@edoc/contract/folder';
import { groupList } from '@edoc/contract/group';
import { projectMemberPage } from '@edoc/contract/member';
import { FolderType } from '@edoc/contract/permissions';
import { directoryTemplateList } from '@edoc/contract/project';
import { roleList } from '@edoc/contract/role';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

function node(folderId: number, parentId: number, ichCode: string, name: string, children: FolderNode[] = []) {
  return {
    folderId,
    parentId,
    folderName: name,
    folderNameEn: null,
    ichCode,
    type: FolderType.Work,
    sortOrder: 0,
    fileCount: 0,
    isEnabled: true,
    canCreateFile: true,
    manageFolder: 3,
    docKeys: ['viewDoc'],
    libraryKeys: [],
    children,
  } satisfies FolderNode;
}

const before = node(10, 0, '8.2', 'Before the trial', [
  node(11, 10, '8.2.1', 'Investigator brochure'),
  node(12, 10, '8.2.2', 'Signed protocol'),
]);
const tree = { allFolderList: [before], permissionFolders: [10, 11, 12], manage: true, libraryFolder: true };

const subjects = {
  'GET /role/list': () =>
    reply(roleList, [
      {
        roleId: 2,
        code: 'STU_STAFF',
        name: 'Ordinary user',
        description: null,
        builtin: true,
        docKeys: ['viewDoc'],
        libraryKeys: [],
        memberCount: 1,
      },
    ]),
  'GET /group/list': () =>
    reply(groupList, [{ groupId: 7, name: 'Monitors', description: null, memberIds: [], members: [], grantCount: 0 }]),
  'GET /manage/member/list': () =>
    reply(projectMemberPage, {
      total: 1,
      data: [
        {
          memberId: 40,
          userId: 8,
          userName: 'Bob Staff',
          email: 'bob@example.com',
          roleId: 2,
          roleCode: 'STU_STAFF',
          roleName: 'Ordinary user',
          siteIds: [],
        },
      ],
    }),
};

function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && new URL(String(u), 'http://x').pathname === `/edoc${path}`)
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}));
}

async function selectFolder(id: number) {
  fireEvent.click(await findById(`folder-node-${id}`));
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('folder management page', () => {
  it('renders the work tree and creates a subfolder, showing validation and server errors in the form', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectAdmin, { libraryFolder: true });
    const fetchMock = mockApi({
      'GET /folder/tree/0': () => reply(folderTreeAnswer, tree),
      'GET /folder/grants/10': () => reply(folderGrantsAnswer, { folderId: 10, own: [], inherited: [] }),
      ...subjects,
      'POST /folder/create': (_u, init) =>
        JSON.parse(String(init?.body)).name === 'Taken'
          ? envelope(null, { status: 409, errorCode: 'folder_name_exists', msg: 'Folder name already exists' })
          : reply(folderCreated, { folderId: 13 }),
    });
    renderApp('/manage/directory');
    expect(await screen.findByText('8.2 Before the trial')).toBeInTheDocument();
    expect(screen.getByText('8.2.1 Investigator brochure')).toBeInTheDocument();
    await selectFolder(10);
    fireEvent.click(await findById('folder-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New folder in "Before the trial"' });
    fireEvent.click(await findById('folder-form-ok'));
    expect(await within(dialog).findByText('Folder name is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'x'.repeat(129) } });
    expect(await within(dialog).findByText('Folder name cannot exceed 128 characters')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Taken' } });
    fireEvent.click(byId('folder-form-ok'));
    expect(await within(dialog).findByText('Folder name already exists')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Local documents' } });
    fireEvent.change(within(dialog).getByLabelText('ICH code'), { target: { value: '8.2.99' } });
    fireEvent.click(byId('folder-form-ok'));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/folder/create').at(-1)).toEqual({
        name: 'Local documents',
        nameEn: '',
        ichCode: '8.2.99',
        parentId: 10,
        type: 0,
      }),
    );
  });

  it('asks before deleting a folder, and reorders with move down', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectAdmin, { libraryFolder: true });
    const fetchMock = mockApi({
      'GET /folder/tree/0': () => reply(folderTreeAnswer, tree),
      'GET /folder/grants/11': () => reply(folderGrantsAnswer, { folderId: 11, own: [], inherited: [] }),
      ...subjects,
      'POST /folder/delete/11': () => reply(noData, null),
      'POST /folder/move/11': () => reply(noData, null),
    });
    renderApp('/manage/directory');
    await selectFolder(11);
    fireEvent.click(await findById('folder-move-down'));
    await waitFor(() => expect(bodiesTo(fetchMock, '/folder/move/11')).toEqual([{ parentId: 10, index: 1 }]));
    fireEvent.click(await findById('folder-delete'));
    expect(await screen.findByText('Delete the folder "Investigator brochure"?')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/folder/delete/11')).toHaveLength(0);
    fireEvent.click(await findById('folder-delete-confirm'));
    await waitFor(() => expect(bodiesTo(fetchMock, '/folder/delete/11')).toHaveLength(1));
    expect(await screen.findByText('Folder "Investigator brochure" deleted')).toBeInTheDocument();
  });

  it('shows inherited grants and saves a grant added for a group', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectAdmin, { libraryFolder: true });
    const fetchMock = mockApi({
      'GET /folder/tree/0': () => reply(folderTreeAnswer, tree),
      'GET /folder/grants/12': () =>
        reply(folderGrantsAnswer, {
          folderId: 12,
          own: [],
          inherited: [
            {
              subjectType: 'role',
              subjectId: 2,
              subjectName: 'Ordinary user',
              docKeys: ['viewDoc'],
              libraryKeys: [],
              manageLevel: 0,
              fromFolderId: 10,
              fromFolderName: 'Before the trial',
            },
          ],
        }),
      ...subjects,
      'POST /folder/grants/12': () => reply(noData, null),
    });
    renderApp('/manage/directory');
    await selectFolder(12);
    const inherited = await findById('folder-grants-inherited');
    expect(within(inherited).getByText('Ordinary user')).toBeInTheDocument();
    expect(within(inherited).getByText('Before the trial')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add a role, group or user' }));
    fireEvent.click(await screen.findByTitle('Monitors'));
    const table = await findById('folder-grants-table');
    expect(await within(table).findByText('Monitors')).toBeInTheDocument();
    fireEvent.click(byId('folder-grants-save'));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/folder/grants/12')).toEqual([
        { grants: [{ subjectType: 'group', subjectId: 7, docKeys: ['viewDoc'], libraryKeys: [], manageLevel: 0 }] },
      ]),
    );
    expect(await screen.findByText('Folder rights saved')).toBeInTheDocument();
  });

  it('shows a member their effective rights on every folder (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterProject(RoleCode.ProjectAdmin, { libraryFolder: true });
    mockApi({
      'GET /folder/tree/0': () => reply(folderTreeAnswer, tree),
      ...subjects,
      'GET /file/permission/user/8': () =>
        reply(userFolderRights, {
          userId: 8,
          userName: 'Bob Staff',
          roleCode: 'STU_STAFF',
          roleName: 'Ordinary user',
          folders: [
            {
              folderId: 10,
              parentId: 0,
              folderName: 'Before the trial',
              ichCode: '8.2',
              type: FolderType.Work,
              path: ['Before the trial'],
              isEnabled: true,
              canCreateFile: false,
              manageFolder: 2,
              docKeys: ['viewDoc'],
              libraryKeys: [],
            },
          ],
        }),
    });
    renderApp('/manage/directory');
    fireEvent.click(await screen.findByRole('tab', { name: '按用户查看权限' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '选择项目成员' }));
    fireEvent.click(await screen.findByTitle('Bob Staff (bob@example.com)'));
    const table = await findById('folder-rights-table');
    expect(await within(table).findByText('Before the trial')).toBeInTheDocument();
    expect(within(table).getByText('管理')).toBeInTheDocument();
    expect(within(table).getByText('查看')).toBeInTheDocument();
  });
});

describe('folder template page', () => {
  it('applies a template after confirming, and names a taken template name under the field', async () => {
    await changeLanguage('en-US');
    enterProject(RoleCode.ProjectAdmin, { libraryFolder: true });
    const fetchMock = mockApi({
      // The project administrator's own list (issue 12, defect 3: the company administrator's answered 403).
      'GET /folder/template/list': () =>
        reply(directoryTemplateList, [{ id: 1, name: 'ICH E6(R2)', type: 2, shipped: true, folderCount: 56 }]),
      'POST /folder/template/apply': () => reply(directoryTemplateApplied, { created: 3 }),
      'POST /folder/template/save': () =>
        envelope(null, { status: 409, errorCode: 'template_name_exists', msg: 'Template name already exists' }),
    });
    renderApp('/manage/folder_template');
    fireEvent.click(await findById('folder-template-apply-1'));
    // The menu item that opens this page is named as the page is (the two management labels were swapped).
    const selected = document.querySelector('#side-menu .ant-menu-item-selected') as HTMLElement;
    expect(selected.textContent).toBe('Directory templates');
    expect(screen.getAllByText('Directory templates').length).toBeGreaterThan(1);
    fireEvent.click(await findById('folder-template-apply-confirm'));
    await waitFor(() => expect(bodiesTo(fetchMock, '/folder/template/apply')).toEqual([{ templateId: 1, type: 0 }]));
    expect(await screen.findByText('3 folders added')).toBeInTheDocument();
    fireEvent.click(byId('folder-template-save'));
    expect(await screen.findByText('Template name is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Ours' } });
    fireEvent.click(byId('folder-template-save'));
    expect(await screen.findByText('Template name already exists')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/folder/template/save')).toEqual([{ name: 'Ours', type: 0 }]);
  });
});
