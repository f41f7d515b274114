import type {
  DecideBody,
  RouteStageInput,
  RoutePresetBody,
  RoutePresetRenameBody,
  SendBody,
  routePresetList,
} from '@edoc/contract/workflow-requests';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

export type RoutePreset = z.infer<typeof routePresetList>[number];

/** Every workflow query of the project (histories, candidates, route presets, request discussions) starts with this key. */
const workflowKey = (project: ProjectKey) => [...project, 'workflow'] as const;

/** GET /file/flow/{fileId}: every route of the document, newest first. */
export function useWorkflowHistory(fileId: number) {
  return useQuery({
    queryKey: [...workflowKey(useProjectKey()), 'history', fileId],
    queryFn: () => call(workflowRoutes.history, { params: { id: fileId } }),
  });
}

/** The discussion on one review request, asked for only when it is opened. */
export function useRequestWords(fileId: number, routeId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...workflowKey(useProjectKey()), 'words', fileId, routeId],
    queryFn: () => call(workflowRoutes.requestWords, { params: { fileId, routeId } }),
    enabled,
  });
}

/** Who may be named on each enabled stage of the document's route (the send dialog's choices). */
export function useAssignees(fileId: number | null) {
  return useQuery({
    queryKey: [...workflowKey(useProjectKey()), 'assignees', fileId ?? 0],
    queryFn: () => call(workflowRoutes.assignees, { params: { id: fileId } }),
    enabled: fileId !== null,
    staleTime: 0,
  });
}

export function useRoutePresets(enabled: boolean) {
  return useQuery({
    queryKey: [...workflowKey(useProjectKey()), 'presets'],
    queryFn: () => call(workflowRoutes.presetList),
    enabled,
  });
}

/**
 * After an action — or a refusal: a 409 means someone else acted first — the document's detail in the viewer, its
 * flow and the project's document lists are asked again. Only the viewer's detail query is touched: its
 * 'state' query records a view each time it runs.
 */
function useRefreshDocument() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return (fileIds: readonly number[]) =>
    Promise.all([
      ...fileIds.map((id) => queryClient.invalidateQueries({ queryKey: [...project, 'viewer', 'detail', id] })),
      queryClient.invalidateQueries({ queryKey: [...workflowKey(project), 'history'] }),
      queryClient.invalidateQueries({ queryKey: [...workflowKey(project), 'words'] }),
      queryClient.invalidateQueries({ queryKey: [...project, 'documents'] }),
      // The home page's task lists, whichever feature keeps them under this key.
      queryClient.invalidateQueries({ queryKey: [...project, 'tasks'] }),
    ]);
}

export type DocumentAction = { kind: 'receive' } | { kind: 'undo' } | ({ kind: 'decide' } & DecideBody);

/** Receive (2 → 1), withdraw or retract (one call: the server knows which), pass or reject. */
export function useDocumentAction(fileId: number, meta?: MutationMeta) {
  const refresh = useRefreshDocument();
  return useMutation({
    mutationFn: (action: DocumentAction) => {
      if (action.kind === 'receive') return call(workflowRoutes.receive, { params: { id: fileId } });
      if (action.kind === 'undo') return call(workflowRoutes.undo, { params: { id: fileId } });
      const { kind: _kind, ...body } = action;
      return call(workflowRoutes.decide, { params: { id: fileId }, body });
    },
    onSettled: () => refresh([fileId]),
    meta,
  });
}

/** Sends one document along a route. */
export function useSendDocument(meta?: MutationMeta) {
  const refresh = useRefreshDocument();
  return useMutation({
    mutationFn: (body: SendBody) => call(workflowRoutes.send, { body }),
    onSettled: (_d, _e, body) => refresh([body.fileId]),
    meta,
  });
}

/** Sends many documents along one route; each goes through or is refused on its own. */
export function useBatchSend(meta?: MutationMeta) {
  const refresh = useRefreshDocument();
  return useMutation({
    mutationFn: (body: { fileIds: number[]; stages: RouteStageInput[] }) =>
      call(workflowRoutes.batch, { body: { action: 'send', ...body } }),
    onSettled: (_d, _e, body) => refresh(body.fileIds),
    meta,
  });
}

function useInvalidatePresets() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () => queryClient.invalidateQueries({ queryKey: [...workflowKey(project), 'presets'] });
}

export function useCreateRoutePreset(meta?: MutationMeta) {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: (body: RoutePresetBody) => call(workflowRoutes.createPreset, { body }),
    onSuccess: invalidate,
    meta,
  });
}

export function useRenameRoutePreset(meta?: MutationMeta) {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: ({ id, ...body }: RoutePresetRenameBody & { id: number }) =>
      call(workflowRoutes.renamePreset, { params: { id }, body }),
    onSuccess: invalidate,
    meta,
  });
}

export function useDeleteRoutePreset() {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: (id: number) => call(workflowRoutes.deletePreset, { params: { id } }),
    onSuccess: invalidate,
  });
}
