import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { IMPORT_RUNNING_STATES, type ImportDecideBody, type ImportState } from '@edoc/contract/exchange-import';
import { exchangeImportRoutes } from '@edoc/contract/exchange-import-routes';
import type { RouteInput } from '@edoc/contract/route';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { folderTreeQuery } from '../folder/api';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { uploadForm } from '../../lib/upload';

/** How often a page asks again while the server checks or files a package. */
export const IMPORT_POLL_MS = 2000;

/** Under the entered project, so another project's imports never show from the cache. */
const importsKey = (project: ProjectKey) => [...project, 'exchange-imports'] as const;

/**
 * The server words an import's failure and its rows' problems in the request's language: a query per language, so
 * switching it asks again instead of showing the other language's reasons.
 */
function useReadKey(part: string) {
  return [...importsKey(useProjectKey()), part, useTranslation().i18n.language] as const;
}

export type ImportRowsQuery = NonNullable<RouteInput<typeof exchangeImportRoutes.rows>['query']>;

/** A page of the project's imports; asks again every 2 s while one of them is being checked or filed. */
export function useImports(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...useReadKey('list'), query],
    queryFn: () => call(exchangeImportRoutes.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => IMPORT_RUNNING_STATES.has(r.state)) ? IMPORT_POLL_MS : false,
  });
}

/**
 * One import; followed every 2 s while its job runs. Once it is done, the folder tree is read again: its counts (the
 * tree was read for the target dialog, fresh for 30 s) did not have the filed documents (journey 15).
 */
export function useImport(id: number | null) {
  const queryClient = useQueryClient();
  const projectId = useSession().projectId;
  const query = useQuery({
    queryKey: [...useReadKey('one'), id ?? 0],
    queryFn: () => call(exchangeImportRoutes.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && IMPORT_RUNNING_STATES.has(q.state.data.state) ? IMPORT_POLL_MS : false),
  });
  const done = query.data?.state === 'done';
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: folderTreeQuery(['project', projectId]).queryKey });
  }, [done, projectId, queryClient]);
  return query;
}

/**
 * A page of an import's preview rows, filtered and paged by the server (a package may hold 100,000 objects). Keyed by
 * the import's state too: the rows read in preview (fresh for 30 s) are not those of the import once done, whose
 * filed rows carry their documents' links (journey 15 found the done page without them).
 */
export function useImportRows(id: number, state: ImportState, query: ImportRowsQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...useReadKey('rows'), id, state, query],
    queryFn: () => call(exchangeImportRoutes.rows, { params: { id }, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a change the import, its rows and the list refresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  const queryKey = importsKey(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/**
 * Sends the zip (multipart `file`) with its progress; the answer is the new import, being checked. A refusal is
 * shown under the drop area (silentError: not a second time as a message).
 */
export function useUploadPackage() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadForm(exchangeImportRoutes.upload, form, { onProgress });
    },
    onSuccess: refresh,
  });
}

/** A package already on the server (a system or company administrator's, for very large ones). */
export function useImportFromServer(meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: (serverPath: string) => call(exchangeImportRoutes.fromServer, { body: { serverPath } }),
    onSuccess: refresh,
  });
}

/** Decisions (with corrected targets) for some rows or all, and the import's options. */
export function useDecide(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: (body: ImportDecideBody) => call(exchangeImportRoutes.decide, { params: { id }, body }),
    // Refreshed after a refusal too: a 409 means the import moved on (filing started elsewhere).
    onSettled: refresh,
  });
}

/** Starts filing the accepted rows. */
export function useAcceptImport(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: () => call(exchangeImportRoutes.accept, { params: { id } }),
    onSettled: refresh,
  });
}

export function useCancelImport(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: () => call(exchangeImportRoutes.cancel, { params: { id } }),
    onSettled: refresh,
  });
}

/** A document's facts from the system it was imported from (the document panel's Source tab). */
export function useDocumentSource(documentId: number) {
  return useQuery({
    queryKey: [...useProjectKey(), 'documents', documentId, 'source'],
    queryFn: () => call(exchangeImportRoutes.source, { params: { id: documentId } }),
  });
}
