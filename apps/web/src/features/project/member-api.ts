import type { CompanyUserItem } from '@edoc/contract/company';
import type { MemberBody, MemberUpdateBody, ProjectMember, ProjectRole } from '@edoc/contract/member';
import { api } from '../../lib/api-client';

// The member types live in the contract; re-exported for this feature's components.
export type { MemberBody, MemberUpdateBody, ProjectMember, ProjectRole };

export const memberKeys = {
  all: ['members'] as const,
  list: (studyId: number) => ['members', studyId, 'list'] as const,
  roles: (studyId: number) => ['members', studyId, 'roles'] as const,
  candidates: (studyId: number) => ['members', studyId, 'candidates'] as const,
};

export function listMembers(studyId: number): Promise<ProjectMember[]> {
  return api.get<ProjectMember[]>(`/project/${studyId}/members`);
}

export function listRoles(studyId: number): Promise<ProjectRole[]> {
  return api.get<ProjectRole[]>(`/project/${studyId}/roles`);
}

/** Company users who are not members of the project yet. */
export function listCandidates(studyId: number): Promise<CompanyUserItem[]> {
  return api.get<CompanyUserItem[]>('/company/users/not/study', { studyId });
}

export function addMember(studyId: number, body: MemberBody): Promise<unknown> {
  return api.postJson<unknown>(`/project/${studyId}/members`, body);
}

export function updateMember(studyId: number, memberId: number, body: MemberUpdateBody): Promise<unknown> {
  return api.postJson<unknown>(`/project/${studyId}/members/${memberId}/a`, body);
}

export function removeMember(studyId: number, memberId: number): Promise<unknown> {
  return api.postJson<unknown>(`/project/${studyId}/members/${memberId}/remove`);
}
