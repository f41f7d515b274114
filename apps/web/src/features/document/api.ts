import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryClient,
} from '@tanstack/react-query';
import { documentRoutes } from '@edoc/contract/document-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { uploadForm, type UploadOptions } from '../../lib/upload';
import { useInvalidateFolders } from '../folder/api';

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
  /** One document (the side panel's row). */
  fileId?: number;
}

export type DocumentView = 'all' | 'mine' | 'recent';

/** Every document query of the project (lists, types, versions, comments, recycle bin) starts with this key. */
const documentsKey = (project: ProjectKey) => [...project, 'documents'] as const;

const LIST_GC_MS = 60_000;

export const filesQuery = (project: ProjectKey, p: FileListParams) =>
  queryOptions({
    queryKey: [...documentsKey(project), 'list', p],
    queryFn: () =>
      call(documentRoutes.list, {
        query: {
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
          fileId: p.fileId,
        },
      }),
    placeholderData: keepPreviousData,
    // Every folder, page and order visited is a page of rows in the cache; kept five minutes (the default) they were
    // most of the heap's growth while paging (issue 30 part 4). A page left for a minute is older than the stale
    // time anyway and would be asked again on return.
    gcTime: LIST_GC_MS,
  });

export function useFiles(params: FileListParams) {
  return useQuery(filesQuery(useProjectKey(), params));
}

/**
 * One document's row, as the list shows it (what the caller may do with it included): the side panel reads it by
 * id, so a shared link opens it whatever page the list is on. Null when it is gone or not the caller's to see.
 */
export function useDocumentRow(fileId: number | null) {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  const params: FileListParams = {
    folderId: null,
    pageNum: 1,
    pageSize: 1,
    name: '',
    sort: 'updatedAt',
    order: 'desc',
    view: 'all',
    fileId: fileId ?? 0,
  };
  return useQuery({
    ...filesQuery(project, params),
    enabled: fileId !== null,
    placeholderData: undefined,
    // The row opened from the list is in the list's cache with the same fields and abilities: the panel draws it
    // in the click's own render, and asks the server only once that page is stale (issue 30 part 4). A shared
    // link, with no list yet, still asks.
    initialData: () => cachedRow(queryClient, project, fileId)?.list,
    initialDataUpdatedAt: () => cachedRow(queryClient, project, fileId)?.at,
    select: (list) => list.data[0] ?? null,
  });
}

type FileList = Awaited<ReturnType<NonNullable<ReturnType<typeof filesQuery>['queryFn']>>>;

/** The newest cached list page holding this document, as a one-row list, and when that page was fetched. */
function cachedRow(queryClient: QueryClient, project: ProjectKey, fileId: number | null) {
  if (fileId === null) return undefined;
  let found: { list: FileList; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...documentsKey(project), 'list'] })) {
    const list = query.state.data as FileList | undefined;
    const row = list?.data.find((r) => r.fileId === fileId);
    if (row && list && (!found || query.state.dataUpdatedAt > found.at))
      found = { list: { ...list, total: 1, data: [row] }, at: query.state.dataUpdatedAt };
  }
  return found;
}

/** The project's allowed extensions, lower case without the dot; empty allows every type. */
export const allowedTypesQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...documentsKey(project), 'types'],
    queryFn: async () =>
      (await call(documentRoutes.types)).map((t) => t.file_type_code.replace(/^\./, '').toLowerCase()),
  });

export function useAllowedTypes() {
  return useQuery(allowedTypesQuery(useProjectKey()));
}

export const versionsQuery = (project: ProjectKey, fileId: number) =>
  queryOptions({
    queryKey: [...documentsKey(project), 'versions', fileId],
    queryFn: () => call(documentRoutes.versions, { query: { fileId } }),
  });

/** A document's versions, newest first (viewVersionDoc); asked only while `enabled`. */
export function useVersions(fileId: number, enabled: boolean) {
  return useQuery({ ...versionsQuery(useProjectKey(), fileId), enabled });
}

export const wordsQuery = (project: ProjectKey, fileId: number) =>
  queryOptions({
    queryKey: [...documentsKey(project), 'words', fileId],
    queryFn: () => call(documentRoutes.words, { params: { id: fileId } }),
  });

export function useWords(fileId: number, enabled: boolean) {
  return useQuery({ ...wordsQuery(useProjectKey(), fileId), enabled });
}

export const recycledQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...documentsKey(project), 'recycle'],
    queryFn: () => call(documentRoutes.recycled),
  });

export function useRecycled() {
  return useQuery(recycledQuery(useProjectKey()));
}

/** 'Duplicate file name!' asked as the user types (a form rule, not a cached query). */
export const checkName = (folderId: number, name: string, fileId?: number) =>
  call(documentRoutes.checkName, { body: { folderId, name, fileId } });

/** Absent (undefined) fields are left out, '' is sent (it clears a value on edit). Text fields first, the file last (field name `file`): the server checks the fields before storing the file. */
/** Who a new document in this folder (and site) may be created for: it then waits for them to receive it. */
export function useRecipients(folderId: number | undefined, siteId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...documentsKey(useProjectKey()), 'recipients', folderId ?? 0, siteId ?? 0],
    queryFn: () => call(workflowRoutes.recipients, { query: { folderId, siteId } }),
    enabled: enabled && folderId !== undefined,
  });
}

export function toFormData(fields: Record<string, string | number | boolean | undefined | null>, file?: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (file) form.append('file', file, file.name);
  return form;
}

/**
 * After a change the project's document queries refresh, and with `folders` the workspace tree too (its counts
 * and, on a move or restore, where a document lives).
 */
function useInvalidateDocuments(folders: boolean) {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  const invalidateFolders = useInvalidateFolders();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentsKey(project) }),
      folders ? invalidateFolders() : undefined,
    ]);
}

interface UploadInput {
  form: FormData;
  onProgress?: UploadOptions['onProgress'];
}

/** A new document with its first version (the form from toFormData), its progress reported as it is sent. */
export function useCreateDocument(meta?: MutationMeta) {
  const invalidate = useInvalidateDocuments(true);
  return useMutation({
    meta,
    mutationFn: ({ form, onProgress }: UploadInput) => uploadForm(documentRoutes.upload, form, { onProgress }),
    onSuccess: invalidate,
  });
}

/** Changed metadata and/or a new version. */
export function useEditDocument(meta?: MutationMeta) {
  const invalidate = useInvalidateDocuments(false);
  return useMutation({
    meta,
    mutationFn: ({ form, onProgress }: UploadInput) => uploadForm(documentRoutes.edit, form, { onProgress }),
    onSuccess: invalidate,
  });
}

export function useRenameDocument(meta?: MutationMeta) {
  const invalidate = useInvalidateDocuments(false);
  return useMutation({
    meta,
    mutationFn: ({ fileId, name }: { fileId: number; name: string }) =>
      call(documentRoutes.rename, { body: { fileId, name } }),
    onSuccess: invalidate,
  });
}

export function useMoveDocuments() {
  const invalidate = useInvalidateDocuments(true);
  return useMutation({
    mutationFn: ({ fileIds, folderId }: { fileIds: number[]; folderId: number }) =>
      call(documentRoutes.moveMany, { body: { fileIds, folderId } }),
    onSuccess: invalidate,
  });
}

/** Deletes every version: the document goes to the recycle bin. */
export function useDeleteDocument() {
  const invalidate = useInvalidateDocuments(true);
  return useMutation({
    mutationFn: (fileId: number) => call(documentRoutes.delete, { body: { fileId, deleteAllVersion: true } }),
    onSuccess: invalidate,
  });
}

export function useLabelVersion() {
  const invalidate = useInvalidateDocuments(false);
  return useMutation({
    mutationFn: ({ fileVersionId, label }: { fileVersionId: number; label: string }) =>
      call(documentRoutes.labelVersion, { body: { fileVersionId, label } }),
    onSuccess: invalidate,
  });
}

export function useDeleteVersion() {
  const invalidate = useInvalidateDocuments(false);
  return useMutation({
    mutationFn: (fileVersionId: number) => call(documentRoutes.deleteVersion, { params: { id: fileVersionId } }),
    onSuccess: invalidate,
  });
}

/** Adds a comment; only that document's comments refresh. */
export function useAddWord(fileId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = wordsQuery(useProjectKey(), fileId);
  return useMutation({
    mutationFn: (text: string) => call(documentRoutes.addWord, { body: { fileId, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Back to its old folder, or to `folderId` when that one is gone or the name is taken there. */
export function useRestoreDocument(meta?: MutationMeta) {
  const invalidate = useInvalidateDocuments(true);
  return useMutation({
    meta,
    mutationFn: ({ fileId, folderId }: { fileId: number; folderId?: number }) =>
      call(documentRoutes.restore, { params: { id: fileId }, body: folderId ? { folderId } : {} }),
    onSuccess: invalidate,
  });
}

export function usePurgeDocument() {
  const invalidate = useInvalidateDocuments(true);
  return useMutation({
    mutationFn: (fileId: number) => call(documentRoutes.purge, { params: { id: fileId } }),
    onSuccess: invalidate,
  });
}
