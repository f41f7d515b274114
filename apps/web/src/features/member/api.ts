import { WHOLE_LIST_PAGE_SIZE } from '@edoc/contract/limits';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryKey,
} from '@tanstack/react-query';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { useInvalidateRoles } from '../role/api';
import { useInvalidateSites } from '../site/api';
import type { MemberSave } from './components/member-form-modal';

/** The project administrator's calls on the entered project's members (/manage/member/…). */
const membersKey = (project: ProjectKey) => [...project, 'members'] as const;

export interface MemberPageQuery {
  pageNum: number;
  pageSize: number;
  searchValue?: string;
}

const listMembers = (q: MemberPageQuery) =>
  call(manageMemberRoutes.list, { query: { ...q, searchValue: q.searchValue || undefined } });

/** One page of the entered project's members, searched by name or e-mail. */
export const projectMembersQuery = (project: ProjectKey, q: MemberPageQuery) =>
  queryOptions({
    queryKey: [...membersKey(project), 'page', q.pageNum, q.pageSize, q.searchValue ?? ''],
    queryFn: () => listMembers(q),
    placeholderData: keepPreviousData,
  });

export function useProjectMembers(q: MemberPageQuery) {
  return useQuery(projectMembersQuery(useProjectKey(), q));
}

/** Every member at once, for pickers (group members, folder grants). */
export const allMembersQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...membersKey(project), 'all'],
    queryFn: () => listMembers({ pageNum: 1, pageSize: WHOLE_LIST_PAGE_SIZE }),
  });

export function useAllMembers(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...allMembersQuery(useProjectKey()), ...options });
}

/** Company users who are not members yet (the add form's choices). */
export const memberCandidatesQuery = (project: ProjectKey) => {
  const queryKey: QueryKey = [...membersKey(project), 'candidates'];
  return queryOptions({ queryKey, queryFn: () => call(manageMemberRoutes.candidates) });
};

/** After a change the members refresh, and the roles and sites whose member counts it changed. */
function useInvalidateMembers() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  const invalidateRoles = useInvalidateRoles();
  const invalidateSites = useInvalidateSites();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(project) }),
      invalidateRoles(),
      invalidateSites(),
    ]);
}

/** Add (no memberId) or change a member's role and sites. */
export function useSaveProjectMember(meta?: MutationMeta) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    meta,
    mutationFn: (save: MemberSave) =>
      save.memberId === undefined
        ? call(manageMemberRoutes.add, { body: save.body })
        : call(manageMemberRoutes.update, { params: { id: save.memberId }, body: save.body }),
    onSuccess: invalidate,
  });
}

export function useRemoveProjectMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (memberId: number) => call(manageMemberRoutes.remove, { params: { id: memberId } }),
    onSuccess: invalidate,
  });
}
