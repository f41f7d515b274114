import { recipientList } from '@edoc/contract/workflow-requests';
import { allowedTypeList, fileList, nameCheckAnswer, type FileRow } from '@edoc/contract/document';
import { DocStatus, RoleCode } from '@edoc/contract/enums';
import { uploadAuth, type FolderNode } from '@edoc/contract/folder';
import { FolderType, type DocKey } from '@edoc/contract/permissions';
import { siteList } from '@edoc/contract/site';
import { envelope, reply, type mockApi } from './fetch-mock';
import { enterProject } from './session';

// Shared by the workspace tests: a small work tree, two rows (one with every key, one view-only), the calls.

export function node(
  folderId: number,
  parentId: number,
  ichCode: string,
  name: string,
  extra: Partial<FolderNode> = {},
) {
  return {
    folderId,
    parentId,
    folderName: name,
    folderNameEn: null,
    ichCode,
    type: FolderType.Work,
    sortOrder: 0,
    fileCount: 2,
    isEnabled: true,
    canCreateFile: true,
    manageFolder: 3,
    docKeys: ['viewDoc'],
    libraryKeys: [],
    children: [],
    ...extra,
  } satisfies FolderNode;
}

export const tree = {
  allFolderList: [
    node(10, 0, '8.2', 'Before the trial', {
      children: [node(12, 10, '8.2.2', 'Signed protocol'), node(13, 10, '8.2.3', 'Hidden', { isEnabled: false })],
    }),
  ],
  permissionFolders: [10, 12],
  manage: true,
  libraryFolder: false,
};

export const ALL_KEYS: DocKey[] = ['viewDoc', 'createDoc', 'editDoc', 'downDoc', 'deleteDoc', 'viewVersionDoc'];

export function row(fileId: number, name: string, abilities: DocKey[], extra: Partial<FileRow> = {}): FileRow {
  return {
    fileId,
    fileVersionId: fileId * 10,
    folderId: 12,
    // Chinese and English names: an English table shows the English one (issue 12, defect 4).
    folder: '已签署方案',
    folderEn: 'Signed protocol',
    file_name: name,
    type: 'pdf',
    fileType: 'pdf',
    effective_date: '2026-01-01',
    expiration_date: null,
    version_no: 'V1.0',
    file_code: `PRT-00${fileId}`,
    ich_code: '8.2.2',
    artifactId: null,
    artifactNumber: null,
    documentDate: null,
    siteId: null,
    countryId: null,
    countryCode: null,
    status: DocStatus.Editing,
    comment: null,
    username: 'Pat',
    createdtime: '2026-01-01T08:00:00Z',
    updatedtime: '2026-01-02T08:00:00Z',
    size: 1000,
    view: true,
    takeFileInvalid: false,
    receiverName: null,
    lock: null,
    abilities,
    ...extra,
  };
}

export const rows = [
  row(1, 'Protocol', ALL_KEYS),
  row(2, 'Brochure', ['viewDoc'], { status: DocStatus.Archived, type: 'docx' }),
];

/** The list as the server answers it: `fileId` asks for that one row (the side panel's read). */
export const listOf =
  (list: FileRow[]) =>
  (url: URL): Response => {
    const fileId = Number(url.searchParams.get('fileId') ?? 0);
    const data = fileId ? list.filter((r) => r.fileId === fileId) : list;
    return reply(fileList, { data, total: data.length, capped: false });
  };

/** Pat in project 11 (enterProject) with the page size of 20 these fixtures' lists are paged by. */
export const enterWorkspace = (roleCode: string = RoleCode.ProjectAdmin) => enterProject(roleCode, { pageSize: 20 });

/** What the server answers for a folder the user may file into (the project allows pdf and docx). */
export const uploadAuthOf = (folderId: number, reason: string | null = null) => ({
  folderId,
  canUpload: reason === null,
  reason,
  allowedTypes: ['pdf', 'docx'],
  maxBytes: { pdf: 50 * 1024 * 1024, viewable: 10 * 1024 * 1024, other: 512 * 1024 * 1024 },
  viewableTypes: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'],
});

export const base = {
  'GET /folder/tree/0': () => envelope(tree),
  'GET /folder/workspace/file/list': listOf(rows),
  'GET /file/types': () => reply(allowedTypeList, [{ file_type_code: 'pdf' }, { file_type_code: 'DOCX' }]),
  'GET /site/list': () =>
    reply(siteList, [
      { siteId: 3, name: 'Peking', shortName: null, code: 'S01', countryId: null, countryCode: null, memberCount: 0 },
    ]),
  'GET /folder/recipients': () => reply(recipientList, [{ id: 7, name: 'Li Lei', email: 'li.lei@example.com' }]),
  'GET /folder/upload/auth': (u: URL) => reply(uploadAuth, uploadAuthOf(Number(u.searchParams.get('folderId')))),
  'POST /file/name/check/a': (_u: URL, init: RequestInit | undefined) =>
    reply(nameCheckAnswer, { exists: JSON.parse(String(init?.body)).name === 'Taken' }),
};

export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === `/edoc${path}`,
  );
}
