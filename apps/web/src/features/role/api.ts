import type { RoleBody, RoleItem } from '@edoc/contract/role';
import { api } from '../../lib/api-client';

export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
};

/** The entered project's roles (any member may read them: role pickers use this too). */
export function listRoles(): Promise<RoleItem[]> {
  return api.get<RoleItem[]>('/role/list');
}

export function createRole(body: RoleBody): Promise<{ roleId: number }> {
  return api.postJson<{ roleId: number }>('/role/create', body);
}

export function updateRole(roleId: number, body: RoleBody): Promise<unknown> {
  return api.postJson<unknown>(`/role/update/${roleId}`, body);
}

export function deleteRole(roleId: number): Promise<unknown> {
  return api.postJson<unknown>(`/role/delete/${roleId}`);
}
