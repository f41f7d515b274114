import { DocStatus, RoleCode } from '@edoc/contract/enums';
import type { TaskItem } from '@edoc/contract/workflow-requests';
import type { FileDetail } from '@edoc/contract/viewer';
import type { mockApi } from './fetch-mock';
import { enterProject as enterAs } from './session';

/** Pat as ordinary staff, ten rows a page: the task pages' starting point. */
export const enterProject = () => enterAs(RoleCode.ProjectStaff, { pageSize: 10 });

export function taskRow(over: Partial<TaskItem> = {}): TaskItem {
  return {
    taskId: 1,
    kind: 'review',
    fileId: 101,
    fileName: 'Protocol v2',
    folderPath: 'Trial Management / Protocol',
    senderName: 'Sam Sender',
    dueDate: null,
    overdue: false,
    createdAt: '2026-03-01T08:00:00Z',
    doneAt: null,
    outcome: null,
    ...over,
  };
}

export function detailOf(fileId: number, signing: FileDetail['signing']): FileDetail {
  return {
    fileId,
    name: `Doc ${fileId}`,
    folderId: 7,
    status: DocStatus.InReview,
    fileCode: null,
    version: {
      fileVersionId: fileId * 10,
      versionNo: '1.0',
      label: null,
      fileName: 'a.pdf',
      extension: 'pdf',
      size: 10,
      createdtime: '2026-03-01T08:00:00Z',
      current: true,
    },
    kind: 'pdf',
    abilities: ['viewDoc'],
    canDownload: false,
    actions: ['pass', 'reject'],
    lock: null,
    withheld: [],
    signing,
    watermark: { name: 'Pat', email: 'pat@example.com', time: '2026-03-01T08:00:00Z' },
  };
}

/** The fetch calls of one route, e.g. ('GET', '/task/list'). */
export const callsOf = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === `/edoc${path}`,
  );

export const paramsOf = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams;
