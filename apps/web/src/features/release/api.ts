import type { Page } from '@edoc/contract/envelope';
import type { ReleaseItem, ReleaseSaveBody, UnreadReleases } from '@edoc/contract/release';
import { api } from '../../lib/api-client';

export const releaseKeys = {
  all: ['releases'] as const,
  page: (pageNum: number, pageSize: number) => ['releases', 'list', pageNum, pageSize] as const,
  /** Per user and language: the notes come in the session's language. */
  unread: (userId: number | null, lang: string) => ['releases', 'unread', userId, lang] as const,
};

export function listReleases(pageNum: number, pageSize: number): Promise<Page<ReleaseItem>> {
  return api.get<Page<ReleaseItem>>('/release/list', { pageNum, pageSize });
}

/** Creates (no id) or edits a release. */
export function saveRelease(body: ReleaseSaveBody): Promise<{ id: number }> {
  return api.postJson<{ id: number }>('/release/save/a', body);
}

export function deleteRelease(id: number): Promise<unknown> {
  return api.postJson<unknown>(`/release/delete/${id}/a`);
}

export function fetchUnreadReleases(): Promise<UnreadReleases> {
  return api.get<UnreadReleases>('/release/unread');
}

/** Acknowledges everything up to the newest release the dialog showed. */
export function acknowledgeReleases(upTo: number): Promise<unknown> {
  return api.postJson<unknown>('/release/read/a', { upTo });
}
