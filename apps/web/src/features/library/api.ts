import { useMemo } from 'react';
import type { FolderNode } from '@edoc/contract/folder';
import type { ArchiveBody, BatchArchiveBody, DeleteApplyBody, RefileBody, RetitleBody } from '@edoc/contract/library';
import { FolderType } from '@edoc/contract/permissions';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
} from '@tanstack/react-query';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { folderTreeQuery } from '../folder/api';

export type LibrarySort = 'name' | 'archivedAt' | 'effectiveDate' | 'expirationDate' | 'fileCode';

export interface LibraryListParams {
  folderId: number | null;
  pageNum: number;
  pageSize: number;
  name: string;
  sort: LibrarySort;
  order: 'asc' | 'desc';
  showInvalid: boolean;
  showSuperseded: boolean;
}

const libraryKey = (project: ProjectKey) => [...project, 'library'] as const;

export const libraryFilesQuery = (project: ProjectKey, p: LibraryListParams) =>
  queryOptions({
    queryKey: [...libraryKey(project), 'list', p],
    queryFn: () =>
      call(libraryRoutes.list, {
        query: {
          folderId: p.folderId ?? undefined,
          pageNum: p.pageNum,
          pageSize: p.pageSize,
          name: p.name || undefined,
          sort: p.sort,
          order: p.order,
          // The server leaves obsolete and superseded rows out unless asked: only "true" is ever sent.
          showInvalid: p.showInvalid ? 'true' : undefined,
          showSuperseded: p.showSuperseded ? 'true' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * An archived version's first page as a small picture (made once on the server and cached). It never changes, so it
 * is fetched once per session; a version without one (a format with no pages) answers an error and shows its icon.
 */
export function useLibraryPicture(fileVersionId: number, enabled: boolean) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...libraryKey(project), 'picture', fileVersionId],
    queryFn: () => call(libraryRoutes.picture, { query: { fileVersionId } }),
    enabled,
    staleTime: Infinity,
    retry: false,
    meta: { silentError: true },
  });
}

export function useLibraryFiles(params: LibraryListParams) {
  return useQuery(libraryFilesQuery(useProjectKey(), params));
}

const flatten = (nodes: FolderNode[]): FolderNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/**
 * The library's folders: the library tree (type 1) when the project keeps one, else the work tree, where a project
 * without a library tree files its archived documents (the server's list reads the same folders).
 */
export function useLibraryTree() {
  const tree = useQuery(folderTreeQuery(useProjectKey()));
  const separate = tree.data?.libraryFolder ?? true;
  const roots = useMemo(
    () => (tree.data?.allFolderList ?? []).filter((n) => n.type === (separate ? FolderType.Library : FolderType.Work)),
    [tree.data, separate],
  );
  const all = useMemo(() => flatten(roots), [roots]);
  /** Whether the caller holds deleteDoc anywhere: applying for deletion needs it on the document's work folder. */
  const mayDelete = (tree.data?.allFolderList ? flatten(tree.data.allFolderList) : []).some(
    (f) => f.type === FolderType.Work && f.isEnabled && f.docKeys.includes('deleteDoc'),
  );
  return { tree, separate, roots, all, mayDelete };
}

/**
 * A library change moves documents between the workspace and the library and changes folder counts: the project's
 * queries refresh, the viewer's document detail among them (its panel's actions). The viewer's other queries are
 * left alone: opening a version records a view each time it runs, and the content does not change.
 */
function useInvalidateProject() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return (opts: { refetch?: boolean } = {}) =>
    queryClient.invalidateQueries({
      queryKey: project,
      predicate: (q) => q.queryKey[project.length] !== 'viewer' || q.queryKey[project.length + 1] === 'detail',
      refetchType: opts.refetch === false ? 'none' : 'active',
    });
}

export function useRecall(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (fileId: number) => call(libraryRoutes.recall, { query: { fileId } }),
    // A refusal (409: someone acted first) refreshes too. Form dialogs (archive, apply) refresh on success only:
    // a refetch behind an open dialog would reset what was typed.
    onSettled: () => invalidate(),
  });
}

export function useMarkInvalid() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: (body: { fileId: number; fileInvalid: boolean }) => call(libraryRoutes.markInvalid, { body }),
    onSuccess: () => invalidate(),
  });
}

/** POST /folder/library/file/move/a (moveDoc): the record filed in another library folder, content and dates kept. */
export function useRefile() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: (body: RefileBody) => call(libraryRoutes.refile, { body }),
    onSuccess: () => invalidate(),
  });
}

/** POST /folder/library/file/rename/a (renameDoc): the record's title corrected; a refused name is the form's. */
export function useRetitle(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (body: RetitleBody) => call(libraryRoutes.retitle, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useApplyDelete(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (body: DeleteApplyBody) => call(libraryRoutes.applyDelete, { body }),
    onSuccess: () => invalidate(),
  });
}

/**
 * GET /file/delete/{fileId}/{applyId}/a: the approver named in the application decides (9 → recycle bin, or back
 * to 6). A refusal (409: someone acted first) refreshes too, so the panel shows what is true now. An approved
 * deletion only marks the project's queries stale: the document is gone, and asking for what is on screen again
 * (its detail, its flow) would only answer not_found; the viewer's panel says where it went instead.
 */
export function useDeletionDecision(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (d: { fileId: number; applyId: number; pass: boolean; comment?: string }) =>
      call(libraryRoutes.decideDelete, {
        params: { fileId: d.fileId, applyId: d.applyId },
        query: {
          pass: d.pass,
          comment: d.comment || undefined,
        },
      }),
    onSettled: (_answer, error, d) => invalidate({ refetch: !!error || !d.pass }),
  });
}

export function useArchive(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (body: ArchiveBody) => call(libraryRoutes.archive, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useBatchArchive(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (body: BatchArchiveBody) => call(libraryRoutes.batchArchive, { body }),
    onSuccess: () => invalidate(),
  });
}

/**
 * Who may be named to approve a deletion, and why the other members may not (GET /file/delete/approvers/{id}): the
 * server answers by the rule it checks the application with, so no one offered is refused (issue 26).
 */
export function useDeletionApprovers(fileId: number | null) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...libraryKey(project), 'approvers', fileId],
    enabled: fileId !== null,
    queryFn: () => call(libraryRoutes.deletionApprovers, { params: { id: fileId! } }),
  });
}
