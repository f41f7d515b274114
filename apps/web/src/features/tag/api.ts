import type { TagBody, TagItem } from '@edoc/contract/tag';
import { api } from '../../lib/api-client';

/** Tags belong to the project entered in the session. */
export const tagKeys = { all: (projectId: number | null) => ['tags', projectId] as const };

export const listTags = () => api.get<TagItem[]>('/tag/list');
export const createTag = (body: TagBody) => api.postJson<{ id: number }>('/tag/create', body);
export const updateTag = (id: number, body: TagBody) => api.postJson<null>(`/tag/update/${id}`, body);
export const deleteTag = (id: number) => api.postJson<null>(`/tag/delete/${id}`);
