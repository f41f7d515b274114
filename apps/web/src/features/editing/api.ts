import type { EditMode } from '@edoc/contract/editing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editingRoutes } from '@edoc/contract/editing-routes';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';
import { uploadForm } from '../../lib/upload';

/** Every editing query is the entered project's (another project's session never reads it from the cache). */
const editKey = (project: readonly unknown[], fileId: number) => [...project, 'editing', fileId] as const;

/** Whether someone edits the document (GET /file/ol/unique/exist/{id}), asked again while the page is open. */
export function useEditStatus(fileId: number, enabled = true) {
  return useQuery({
    queryKey: editKey(useProjectKey(), fileId),
    queryFn: () => call(editingRoutes.exists, { params: { id: fileId } }),
    enabled,
    refetchInterval: 30_000,
  });
}

/**
 * The document an editing session's link names (SPEC §2's second viewer link: uniqueSymbol, frId, fileVerId), asked
 * once: the server answers it to members of the session's project only.
 */
export function useSessionDocument(symbol: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...useProjectKey(), 'editing', 'symbol', symbol],
    queryFn: () => call(editingRoutes.separateView, { query: { uniqueSymbol: symbol ?? '' } }),
    enabled: enabled && symbol !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** After a session starts or ends: its status, and the document's details and versions everywhere. */
function useRefresh(fileId: number) {
  const client = useQueryClient();
  const project = useProjectKey();
  return () =>
    client.invalidateQueries({
      queryKey: project,
      predicate: (q) => q.queryKey.includes(fileId) || q.queryKey.includes('editing'),
    });
}

export function useStartEdit(fileId: number) {
  const refresh = useRefresh(fileId);
  return useMutation({
    mutationFn: (mode: EditMode) => call(editingRoutes.start, { body: { fileId, mode } }),
    onSuccess: refresh,
  });
}

/** Ends the session: its saves become a version, or with discard nothing does. */
export function useEndEdit(fileId: number) {
  const refresh = useRefresh(fileId);
  return useMutation({
    mutationFn: (discard: boolean) =>
      call(editingRoutes.end, { params: { id: fileId }, query: discard ? { discard: 'true' } : undefined }),
    onSuccess: refresh,
  });
}

/** Checks in the changed file: the text field first, then the file, as every upload. */
export function useCheckIn(fileId: number) {
  const refresh = useRefresh(fileId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('fileId', String(fileId));
      form.append('file', file);
      return uploadForm(editingRoutes.checkin, form);
    },
    onSuccess: refresh,
  });
}
