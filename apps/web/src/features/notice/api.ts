import type { Page } from '@edoc/contract/envelope';
import type { NoticeItem, NoticeUpdateBody } from '@edoc/contract/notice';
import { api } from '../../lib/api-client';

export const noticeKeys = {
  all: ['notices'] as const,
  page: (pageNum: number, pageSize: number) => ['notices', 'list', pageNum, pageSize] as const,
};

export function listNotices(pageNum: number, pageSize: number): Promise<Page<NoticeItem>> {
  return api.get<Page<NoticeItem>>('/notice/system/list', { pageNum, pageSize });
}

/** Creates (no id) or updates a notice; release true publishes it as the login-page notice. */
export function saveNotice(body: NoticeUpdateBody): Promise<unknown> {
  return api.postJson<unknown>('/notice/system/update/a', body);
}

export function undoNoticeRelease(id: number): Promise<unknown> {
  return api.postJson<unknown>(`/notice/system/release/undo/${id}/a`);
}
