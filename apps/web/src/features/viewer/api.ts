import { API_BASE } from '@edoc/contract/limits';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertifyBody } from '@edoc/contract/certified-copy';
import { certifiedCopyRoutes } from '@edoc/contract/certified-copy-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { getToken } from '../../lib/session';

const POLL_MS = 1000;

/** Every viewer query is the entered project's: another project's session never sees it from the cache. */
const viewerKey = (project: ProjectKey) => [...project, 'viewer'] as const;

export const fileDetailQuery = (project: ProjectKey, fileId: number, fileVersionId: number | null) =>
  queryOptions({
    queryKey: [...viewerKey(project), 'detail', fileId, fileVersionId],
    queryFn: () =>
      call(viewerRoutes.detail, { params: { id: fileId }, query: { fileVersionId: fileVersionId ?? undefined } }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The document, version, keys and watermark of the version shown (its current one without `fileVersionId`). */
export function useFileDetail(fileId: number | null, fileVersionId: number | null, enabled: boolean) {
  return useQuery({ ...fileDetailQuery(useProjectKey(), fileId ?? 0, fileVersionId), enabled });
}

/**
 * The viewer opening a version: recorded as a view, and it queues the PDF rendition of an Office file. Asked
 * once per page load, never refetched: one open is one trail row.
 */
export function useOpenViewState(fileVersionId: number | null) {
  return useQuery({
    queryKey: [...viewerKey(useProjectKey()), 'state', fileVersionId ?? 0],
    queryFn: () => call(viewerRoutes.state, { params: { id: fileVersionId } }),
    enabled: fileVersionId !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Polled while an Office file converts, until it is ready or failed. */
export function usePolledViewState(fileVersionId: number | null, converting: boolean) {
  return useQuery({
    queryKey: [...viewerKey(useProjectKey()), 'process', fileVersionId ?? 0],
    queryFn: () => call(viewerRoutes.process, { params: { id: fileVersionId } }),
    enabled: converting,
    retry: 2,
    refetchInterval: (q) => (!q.state.data || q.state.data.state === 'converting' ? POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/**
 * Certifies the version shown as a copy of its paper original (issue 28 part 4). After it the document's answer
 * (its tag, no more offer) and the document lists (their tag) are read again; never the view state, whose every
 * run records a view.
 */
export function useCertifyCopy(fileId: number, fileVersionId: number) {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return useMutation({
    mutationFn: (body: CertifyBody) => call(certifiedCopyRoutes.certify, { params: { id: fileVersionId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...viewerKey(project), 'detail', fileId] }),
        queryClient.invalidateQueries({ queryKey: [...project, 'documents'] }),
      ]),
    meta: { silentError: true },
  });
}

/** Where pdf.js fetches the PDF (by ranges), with the session's token. */
export const viewUrl = (fileVersionId: number) => `${API_BASE}/file/view/${fileVersionId}`;
export const authHeaders = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Images and text are fetched whole (an <img> cannot send the token) and shown from a blob or as text. */
function useViewContent<T>(fileVersionId: number, as: 'blob' | 'text', read: (blob: Blob) => Promise<T> | T) {
  return useQuery({
    queryKey: [...viewerKey(useProjectKey()), 'content', fileVersionId, as],
    queryFn: async () => read(await call(viewerRoutes.view, { params: { id: fileVersionId } })),
    staleTime: Infinity,
    retry: false,
  });
}

export const useViewBlob = (fileVersionId: number) => useViewContent(fileVersionId, 'blob', (blob) => blob);
export const useViewText = (fileVersionId: number) => useViewContent(fileVersionId, 'text', (blob) => blob.text());
