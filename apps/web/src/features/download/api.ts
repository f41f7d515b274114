import type { DownloadTaskBody, DownloadTaskRow } from '@edoc/contract/download';
import type { Page } from '@edoc/contract/envelope';
import { api } from '../../lib/api-client';

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

export const downloadTaskZip = (id: number) => api.blob(`/download/task/${id}/file`);
