import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { BulkRowsBody } from '@edoc/contract/bulk-import';
import { IMPORT_RUNNING_STATES, type ImportState } from '@edoc/contract/exchange-import';
import { bulkImportRoutes } from '@edoc/contract/bulk-import-routes';

import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import type { RouteInput } from '@edoc/contract/route';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useSession } from '../../lib/session';
import { folderTreeQuery } from '../folder/api';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { uploadForm } from '../../lib/upload';

/** How often a page asks again while the server reads or files a zip. */
export const BULK_POLL_MS = 2000;

/** Under the entered project, so another project's imports never show from the cache. */
const bulkKey = (project: ProjectKey) => [...project, 'bulk-imports'] as const;

/** Problems and the suggestions' reasons are worded by the server in the request's language: a query per language. */
function useReadKey(part: string) {
  return [...bulkKey(useProjectKey()), part, useTranslation().i18n.language] as const;
}

export type BulkRowsQuery = NonNullable<RouteInput<typeof bulkImportRoutes.rows>['query']>;

/** A page of the project's bulk imports; asks again every 2 s while one of them is being read or filed. */
export function useBulkImports(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...useReadKey('list'), query],
    queryFn: () => call(bulkImportRoutes.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => IMPORT_RUNNING_STATES.has(r.state)) ? BULK_POLL_MS : false),
  });
}

/** One bulk import, followed while its job runs; once done the folder tree is read again for its new counts. */
export function useBulkImport(id: number | null) {
  const queryClient = useQueryClient();
  const projectId = useSession().projectId;
  const query = useQuery({
    queryKey: [...useReadKey('one'), id ?? 0],
    queryFn: () => call(bulkImportRoutes.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && IMPORT_RUNNING_STATES.has(q.state.data.state) ? BULK_POLL_MS : false),
  });
  const done = query.data?.state === 'done';
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: folderTreeQuery(['project', projectId]).queryKey });
  }, [done, projectId, queryClient]);
  return query;
}

/** A page of the rows, filtered and paged by the server; keyed by state so the filed rows replace the preview's. */
export function useBulkRows(id: number, state: ImportState, query: BulkRowsQuery) {
  return useQuery({
    queryKey: [...useReadKey('rows'), id, state, query],
    queryFn: () => call(bulkImportRoutes.rows, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const queryKey = bulkKey(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/**
 * Sends the zip (part `file`) and the spreadsheet if chosen (part `sheet`) in one request, with its progress. A
 * refusal is shown under the drop area (silentError: not a second time as a message).
 */
export function useUploadBulk() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (input: { zip: File; sheet: File | null; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      // The spreadsheet first: the server reads the parts in order and judges the small one before storing the zip.
      if (input.sheet) form.append('sheet', input.sheet, input.sheet.name);
      form.append('file', input.zip, input.zip.name);
      return uploadForm(bulkImportRoutes.upload, form, { onProgress: input.onProgress });
    },
    onSuccess: refresh,
  });
}

/** The spreadsheet template, its headers in the reader's language. */
export function useBulkTemplate() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => call(bulkImportRoutes.template),
    onSuccess: (blob) => saveBlob(blob, `${t('bulkImport.templateFile')}.xlsx`),
  });
}

/** Corrections and decisions for some rows. */
export function useBulkCorrect(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: (body: BulkRowsBody) => call(bulkImportRoutes.correct, { params: { id }, body }),
    // Refreshed after a refusal too: a 409 means the import moved on.
    onSettled: refresh,
  });
}

/** Accepts the rows given (or, with none, every undecided row without problems) and starts filing. */
export function useBulkAccept(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: (rowIds?: number[]) =>
      call(bulkImportRoutes.accept, { params: { id }, body: rowIds ? { rowIds } : {} }),
    onSettled: refresh,
  });
}

export function useBulkCancel(id: number, meta?: MutationMeta) {
  const refresh = useRefresh();
  return useMutation({
    meta,
    mutationFn: () => call(bulkImportRoutes.cancel, { params: { id } }),
    onSettled: refresh,
  });
}

/**
 * The model's artifacts, the project's countries and the sites the caller sees, for the edit dialog and the table's
 * names: the export form's options route gives exactly these (same key, so the two pages share the cache).
 */
export function useBulkOptions() {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...project, 'exchange-export-options'],
    queryFn: () => call(exchangeExportRoutes.options),
  });
}
