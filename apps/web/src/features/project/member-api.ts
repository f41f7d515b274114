import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryKey,
} from '@tanstack/react-query';
import { companyUserRoutes } from '@edoc/contract/company-routes';
import { memberRoutes } from '@edoc/contract/member-routes';
import { call } from '../../lib/api-client';
import { projectKeys } from './api';
import type { MemberSave } from '../../components/members/member-form-modal';

/*
 * The company administrator's calls on the members of a chosen project (/project/:id/members). Not the entered
 * project's: these keys carry the chosen project's id.
 */
const membersKey = (studyId: number) => ['members', studyId] as const;

export const companyMembersQuery = (studyId: number) =>
  queryOptions({
    queryKey: [...membersKey(studyId), 'list'],
    queryFn: () => call(memberRoutes.members, { params: { id: studyId } }),
  });

export function useCompanyMembers(studyId: number) {
  return useQuery(companyMembersQuery(studyId));
}

/** The chosen project's roles, for the member form. */
export const companyProjectRolesQuery = (studyId: number) => {
  const queryKey: QueryKey = [...membersKey(studyId), 'roles'];
  return queryOptions({ queryKey, queryFn: () => call(memberRoutes.roles, { params: { id: studyId } }) });
};

/** Company users who are not members of the project yet. */
export const companyCandidatesQuery = (studyId: number) => {
  const queryKey: QueryKey = [...membersKey(studyId), 'candidates'];
  return queryOptions({
    queryKey,
    queryFn: () => call(companyUserRoutes.notInProject, { query: { studyId } }),
  });
};

/** After a change the members refresh, and the project list's member counts. */
function useInvalidateMembers(studyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(studyId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    ]);
}

/** Add (no memberId) or change a member's role and sites. */
export function useSaveCompanyMember(studyId: number, meta?: MutationMeta) {
  const invalidate = useInvalidateMembers(studyId);
  return useMutation({
    meta,
    mutationFn: (save: MemberSave) =>
      save.memberId === undefined
        ? call(memberRoutes.add, { params: { id: studyId }, body: save.body })
        : call(memberRoutes.update, { params: { id: studyId, memberId: save.memberId }, body: save.body }),
    onSuccess: invalidate,
  });
}

export function useRemoveCompanyMember(studyId: number) {
  const invalidate = useInvalidateMembers(studyId);
  return useMutation({
    mutationFn: (memberId: number) => call(memberRoutes.remove, { params: { id: studyId, memberId } }),
    onSuccess: invalidate,
  });
}
