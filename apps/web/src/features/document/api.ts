import type { Page } from '@edoc/contract/envelope';
import type { FileRow } from '@edoc/contract/document';
import type { RecycledRow, VersionRow } from '@edoc/contract/document-edit';
import { api } from '../../lib/api-client';
import { uploadForm, type UploadOptions } from '../../lib/upload';

export type SortField = 'name' | 'createdAt' | 'updatedAt' | 'status' | 'fileCode';

export interface FileListParams {
  folderId: number | null;
  pageNum: number;
  pageSize: number;
  name: string;
  sort: SortField;
  order: 'asc' | 'desc';
  /** All Files, My Documents, Recent Operation. */
  view: DocumentView;
  status?: number;
  creatorId?: number;
  startDate?: string;
  endDate?: string;
}

export type DocumentView = 'all' | 'mine' | 'recent';

export interface WordRow {
  id: number;
  text: string;
  userName: string;
  fileVersionId: number | null;
  createdtime: string;
}

export const documentKeys = {
  all: ['documents'] as const,
  list: (projectId: number | null, params: FileListParams) => ['documents', projectId, 'list', params] as const,
  types: (projectId: number | null) => ['documents', projectId, 'types'] as const,
  versions: (fileId: number) => ['documents', 'versions', fileId] as const,
  words: (fileId: number) => ['documents', 'words', fileId] as const,
  recycle: (projectId: number | null) => ['documents', projectId, 'recycle'] as const,
};

export const listFiles = (p: FileListParams) =>
  api.get<Page<FileRow>>('/folder/workspace/file/list', {
    folderId: p.folderId ?? undefined,
    pageNum: p.pageNum,
    pageSize: p.pageSize,
    name: p.name || undefined,
    sort: p.sort,
    order: p.order,
    view: p.view,
    status: p.status,
    creatorId: p.creatorId,
    startDate: p.startDate,
    endDate: p.endDate,
  });

/** The project's allowed extensions, lower case without the dot; empty allows every type. */
export const listAllowedTypes = async () =>
  (await api.get<Array<{ file_type_code: string }>>('/file/types')).map((t) =>
    t.file_type_code.replace(/^\./, '').toLowerCase(),
  );

export const checkName = (folderId: number, name: string, fileId?: number) =>
  api.postJson<{ exists: boolean }>('/file/name/check/a', { folderId, name, fileId });

/** Absent (undefined) fields are left out, '' is sent (it clears a value on edit). Text fields first, the file last (field name `file`): the server checks the fields before storing the file. */
export function toFormData(fields: Record<string, string | number | boolean | undefined | null>, file?: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (file) form.append('file', file, file.name);
  return form;
}

export const saveDocument = (form: FormData, options?: UploadOptions) =>
  uploadForm<{ fileId: number; fileVersionId: number }>('/minio/file/save', form, options);

export const editDocument = (form: FormData, options?: UploadOptions) =>
  uploadForm<{ fileId: number; versionNo: string }>('/minio/file/edit/a', form, options);

export const renameDocument = (fileId: number, name: string) => api.postJson<null>('/file/rename/a', { fileId, name });

export const moveDocuments = (fileIds: number[], folderId: number) =>
  api.postJson<null>('/folder/file/move/a', { fileIds, folderId });

export const deleteDocument = (fileId: number) =>
  api.postJson<null>('/file/delete/a', { fileId, deleteAllVersion: true });

export const listVersions = (fileId: number) => api.get<VersionRow[]>('/file/version/find_all', { fileId });
export const labelVersion = (fileVersionId: number, label: string) =>
  api.postJson<null>('/file/version/edit/a', { fileVersionId, label });
export const deleteVersion = (fileVersionId: number) => api.get<null>(`/file/version/delete/${fileVersionId}/a`);

export const listWords = (fileId: number) => api.get<WordRow[]>(`/file/words/${fileId}`);
export const addWord = (fileId: number, text: string) => api.postJson<{ id: number }>('/file/words', { fileId, text });

export const listRecycled = () => api.get<RecycledRow[]>('/file/recycle/list');
export const restoreDocument = (fileId: number, folderId?: number) =>
  api.postJson<null>(`/file/recycle/restore/${fileId}`, folderId ? { folderId } : {});
export const purgeDocument = (fileId: number) => api.postJson<null>(`/file/recycle/purge/${fileId}`);
