import { useEffect } from 'react';
import type { ESignatureInput, TaskSort } from '@edoc/contract/workflow-requests';
import type { TaskKind } from '@edoc/contract/workflow';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { taskRoutes } from '@edoc/contract/task-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

export type TaskState = 'pending' | 'processed';

export interface TaskListParams {
  state: TaskState;
  pageNum: number;
  pageSize: number;
  kind?: TaskKind;
  sort?: TaskSort;
  order: 'asc' | 'desc';
}

/** How often the menu's count asks again: tasks arrive from other people's actions, not only from this tab. */
export const COUNT_MS = 60_000;

const tasksKey = (project: ProjectKey) => [...project, 'tasks'] as const;

/**
 * A page of my tasks; asked again when the tab regains focus, as the viewer acts on them in another tab, and in
 * another language, as the server words the folder path in the session's language.
 */
export function useTasks(p: TaskListParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...tasksKey(useProjectKey()), 'list', p, i18n.language],
    queryFn: () =>
      call(taskRoutes.list, {
        query: {
          state: p.state,
          pageNum: p.pageNum,
          pageSize: p.pageSize,
          kind: p.kind,
          sort: p.sort,
          order: p.sort ? p.order : undefined,
        },
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/**
 * The number of my open tasks, for the menu. Every minute, on focus, and after any successful mutation of this
 * tab (sending, receiving, passing all change it) — the mutation cache is watched here so no other feature has
 * to know about the badge.
 */
export function usePendingCount(): number {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  const projectId = project[1];
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: tasksKey(['project', projectId]) });
      }),
    [queryClient, projectId],
  );
  const count = useQuery({
    queryKey: [...tasksKey(project), 'count'],
    queryFn: () => call(taskRoutes.list, { query: { state: 'pending', pageNum: 1, pageSize: 1 } }),
    enabled: projectId !== null,
    refetchInterval: COUNT_MS,
    refetchOnWindowFocus: true,
    // A badge that cannot load stays empty; the message belongs to the page the user is looking at.
    meta: { silentError: true },
  });
  return count.data?.total ?? 0;
}

/**
 * Whether passing each of these documents asks for a signature, from the document's detail (the same answer the
 * viewer's action panel reads; it records nothing). Asked only while the pass dialog is open.
 */
export function useSigningOf(fileIds: number[], enabled: boolean) {
  const project = useProjectKey();
  return useQueries({
    queries: fileIds.map((fileId) => ({
      queryKey: [...tasksKey(project), 'signing', fileId],
      queryFn: () => call(viewerRoutes.detail, { params: { id: fileId } }),
      enabled,
      staleTime: 0,
    })),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      details: results.map((r) => r.data),
    }),
  });
}

export interface BatchPassInput {
  fileIds: number[];
  comment?: string;
  signature?: ESignatureInput;
}

export function useBatchPass() {
  const queryClient = useQueryClient();
  const queryKey = tasksKey(useProjectKey());
  return useMutation({
    // The dialog shows a refusal itself (a wrong signing password under the password field).
    meta: { silentError: true },
    mutationFn: (input: BatchPassInput) => call(workflowRoutes.batch, { body: { action: 'pass', ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
