import type { DownloadTaskBody, DownloadTaskRow, TicketBody } from '@edoc/contract/download';
import type { Page } from '@edoc/contract/envelope';
import { api } from '../../lib/api-client';
import { openDownloadLink } from '../../lib/download';

export interface TaskListParams {
  /** Every task of the project (project administrators) instead of the caller's own. */
  all: boolean;
  pageNum: number;
  pageSize: number;
}

export const downloadKeys = {
  all: ['download-tasks'] as const,
  list: (projectId: number | null, params: TaskListParams) => ['download-tasks', projectId, params] as const,
};

export const listTasks = (p: TaskListParams) =>
  api.get<Page<DownloadTaskRow>>('/download/task/list', {
    all: p.all ? 'true' : undefined,
    pageNum: p.pageNum,
    pageSize: p.pageSize,
  });

export const createTask = (body: DownloadTaskBody) =>
  api.postJson<{ id: number; documentCount: number }>('/download/task/create', body);

export const deleteTask = (id: number) => api.postJson<null>(`/download/task/delete/${id}`);

/** A short-lived link to a document version or a pack, for the browser to fetch by itself. */
export const issueTicket = (body: TicketBody) =>
  api.postJson<{ url: string; expiresInSeconds: number }>('/download/ticket', body);

/** Starts the browser's own download of a document version or a completed pack. */
export async function downloadByTicket(body: TicketBody): Promise<void> {
  openDownloadLink((await issueTicket(body)).url);
}
