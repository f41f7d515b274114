import { API_BASE } from '@edoc/contract/limits';
import type { FileDetail, ViewState } from '@edoc/contract/viewer';
import { api } from '../../lib/api-client';
import { getToken } from '../../lib/session';

export const viewerKeys = {
  detail: (fileId: number, fileVersionId: number | null) => ['viewer', 'detail', fileId, fileVersionId] as const,
  state: (fileVersionId: number) => ['viewer', 'state', fileVersionId] as const,
  process: (fileVersionId: number) => ['viewer', 'process', fileVersionId] as const,
  content: (fileVersionId: number) => ['viewer', 'content', fileVersionId] as const,
};

export const getFileDetail = (fileId: number, fileVersionId: number | null) =>
  api.get<FileDetail>(`/file/${fileId}`, { fileVersionId: fileVersionId ?? undefined });

/** The viewer opening a version: recorded as a view; queues the PDF rendition of an Office file. */
export const openViewState = (fileVersionId: number) => api.get<ViewState>(`/minio/file/state/${fileVersionId}`);

/** Polled while an Office file converts. */
export const pollViewState = (fileVersionId: number) => api.get<ViewState>(`/minio/file/process/${fileVersionId}`);

/** Where pdf.js fetches the PDF (by ranges), with the session's token. */
export const viewUrl = (fileVersionId: number) => `${API_BASE}/file/view/${fileVersionId}`;
export const authHeaders = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Images and text: fetched whole (an <img> cannot send the token), shown from a blob. */
export const getViewBlob = (fileVersionId: number) => api.blob(`/file/view/${fileVersionId}`);
