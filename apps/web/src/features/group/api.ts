import type { GroupBody, GroupItem } from '@edoc/contract/group';
import { api } from '../../lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
};

/** The entered project's user groups (any member may read them: grant pickers use this too). */
export function listGroups(): Promise<GroupItem[]> {
  return api.get<GroupItem[]>('/group/list');
}

export function createGroup(body: GroupBody): Promise<{ groupId: number }> {
  return api.postJson<{ groupId: number }>('/group/create', body);
}

export function updateGroup(groupId: number, body: GroupBody): Promise<unknown> {
  return api.postJson<unknown>(`/group/update/${groupId}`, body);
}

export function deleteGroup(groupId: number): Promise<unknown> {
  return api.postJson<unknown>(`/group/delete/${groupId}`);
}
