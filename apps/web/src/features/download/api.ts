import type { DownloadTaskBody, TicketBody } from '@edoc/contract/download';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
} from '@tanstack/react-query';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { call } from '../../lib/api-client';
import { openDownloadLink } from '../../lib/download';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

export interface TaskListParams {
  /** Every task of the project (project administrators) instead of the caller's own. */
  all: boolean;
  pageNum: number;
  pageSize: number;
}

/** How often the list asks again while a task is packing. */
export const POLL_MS = 2000;

/** The task lists' key: an export (features/exchange) refreshes them when it starts a task. */
export const tasksKey = (project: ProjectKey) => [...project, 'download-tasks'] as const;

/** A page of download tasks; refreshes every 2 s while any of them is still packing. */
export const tasksQuery = (project: ProjectKey, p: TaskListParams) =>
  queryOptions({
    queryKey: [...tasksKey(project), p],
    queryFn: () =>
      call(downloadRoutes.taskList, {
        query: {
          all: p.all ? 'true' : undefined,
          pageNum: p.pageNum,
          pageSize: p.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.state === 'packing') ? POLL_MS : false),
  });

export function useDownloadTasks(params: TaskListParams) {
  return useQuery(tasksQuery(useProjectKey(), params));
}

function useInvalidateTasks() {
  const queryClient = useQueryClient();
  const queryKey = tasksKey(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useCreateDownloadTask(meta?: MutationMeta) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    meta,
    mutationFn: (body: DownloadTaskBody) => call(downloadRoutes.createTask, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteDownloadTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (id: number) => call(downloadRoutes.deleteTask, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Starts the browser's own download of a document version or a completed pack, from a short-lived link. */
export function useDownloadByTicket(meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: async (body: TicketBody) => openDownloadLink((await call(downloadRoutes.ticket, { body })).url),
  });
}
