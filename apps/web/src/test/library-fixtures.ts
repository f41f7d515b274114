import { DocStatus } from '@edoc/contract/enums';
import type { FolderNode } from '@edoc/contract/folder';
import type { LibraryRow } from '@edoc/contract/library';
import { FolderType, type LibraryKey } from '@edoc/contract/permissions';
import { node } from './document-fixtures';

// Shared by the library tests: a library tree beside a work folder, rows in each state the list marks.

export const LIBRARY_KEYS: LibraryKey[] = [
  'viewDoc',
  'moveDoc',
  'recallDoc',
  'downDoc',
  'renameDoc',
  'viewTrailDoc',
  'invalidDoc',
];

const libraryNode = (folderId: number, parentId: number, ich: string, name: string, extra: Partial<FolderNode> = {}) =>
  node(folderId, parentId, ich, name, { type: FolderType.Library, libraryKeys: LIBRARY_KEYS, ...extra });

export const libraryTree = {
  allFolderList: [
    node(10, 0, '8.2', 'Before the trial', { docKeys: ['viewDoc', 'deleteDoc', 'archiveDoc', 'editDoc'] }),
    libraryNode(20, 0, '8.2', 'Library: before the trial', {
      fileCount: 3,
      children: [
        libraryNode(21, 20, '8.2.2', 'Signed protocol', { fileCount: 2 }),
        libraryNode(22, 20, '8.2.3', 'Closed shelf', { isEnabled: false, fileCount: 0 }),
      ],
    }),
  ],
  permissionFolders: [10, 20, 21],
  manage: true,
  libraryFolder: true,
};

export function libRow(entryId: number, name: string, extra: Partial<LibraryRow> = {}): LibraryRow {
  return {
    entryId,
    fileId: entryId * 10,
    fileVersionId: entryId * 100,
    folderId: 21,
    folder: 'Signed protocol',
    folderEn: null,
    file_name: name,
    type: 'pdf',
    version_no: 'V1.0',
    file_code: `PRT-00${entryId}`,
    ich_code: '8.2.2',
    status: DocStatus.Archived,
    comment: null,
    username: 'Pat',
    effective_date: '2026-01-01',
    expiration_date: null,
    publish_date: '2026-01-02',
    archivedtime: '2026-01-02T08:00:00Z',
    expired: false,
    takeFileInvalid: false,
    superseded: false,
    size: 1000,
    view: true,
    certifiedCopy: null,
    abilities: LIBRARY_KEYS,
    ...extra,
  };
}

/** Archived, waiting to be activated (future date), expired (a certified copy), and an earlier version of the first. */
export const libRows = [
  libRow(1, 'Protocol'),
  libRow(2, 'Brochure', {
    status: DocStatus.WaitingActivation,
    effective_date: '2099-05-01',
    type: 'docx',
    abilities: ['viewDoc'],
  }),
  libRow(3, 'Old SOP', {
    expiration_date: '2020-01-01',
    expired: true,
    certifiedCopy: { by: 'Lee', at: '2026-01-01T08:00:00Z', sha256: 'ab'.repeat(32), pages: 3 },
  }),
  libRow(4, 'Protocol', { fileId: 10, fileVersionId: 90, version_no: 'V0.9', superseded: true }),
];

export const obsoleteRow = libRow(5, 'Withdrawn plan', { takeFileInvalid: true });
