import type { CompanyUserItem } from '@edoc/contract/company';
import type { Page } from '@edoc/contract/envelope';
import { STUDY_PAGE_SIZE } from '@edoc/contract/limits';
import type { MemberBody, MemberUpdateBody, ProjectMember } from '@edoc/contract/member';
import { api } from '../../lib/api-client';

/** The project administrator's calls on the entered project's members (/manage/member/…). */
export const manageMemberKeys = {
  all: ['manage-members'] as const,
  page: (pageNum: number, pageSize: number, searchValue: string) =>
    ['manage-members', 'list', pageNum, pageSize, searchValue] as const,
  everyone: ['manage-members', 'everyone'] as const,
  candidates: ['manage-members', 'candidates'] as const,
};

export function listProjectMembers(query: {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
}): Promise<Page<ProjectMember>> {
  return api.get<Page<ProjectMember>>('/manage/member/list', {
    ...query,
    searchValue: query.searchValue || undefined,
  });
}

/** Every member at once, for pickers (group members). */
export function listAllProjectMembers(): Promise<Page<ProjectMember>> {
  return listProjectMembers({ pageNum: 1, pageSize: STUDY_PAGE_SIZE });
}

export function listMemberCandidates(): Promise<CompanyUserItem[]> {
  return api.get<CompanyUserItem[]>('/manage/member/candidates');
}

export function addProjectMember(body: MemberBody): Promise<{ memberId: number }> {
  return api.postJson<{ memberId: number }>('/manage/member/add', body);
}

export function updateProjectMember(memberId: number, body: MemberUpdateBody): Promise<unknown> {
  return api.postJson<unknown>(`/manage/member/update/${memberId}`, body);
}

export function removeProjectMember(memberId: number): Promise<unknown> {
  return api.postJson<unknown>(`/manage/member/remove/${memberId}`);
}
