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
import { projectKeys } from '../project/api';
import type { MemberSave } from './components/member-form-modal';

/*
 * The company administrator's calls on the members of a chosen project (/project/:id/members). Not the entered
 * project's: these keys carry the chosen project's id.
 */
const membersKey = (projectId: number) => ['members', projectId] as const;

export const companyMembersQuery = (projectId: number) =>
  queryOptions({
    queryKey: [...membersKey(projectId), 'list'],
    queryFn: () => call(memberRoutes.members, { params: { id: projectId } }),
  });

export function useCompanyMembers(projectId: number) {
  return useQuery(companyMembersQuery(projectId));
}

/** The chosen project's roles, for the member form. */
export const companyProjectRolesQuery = (projectId: number) => {
  const queryKey: QueryKey = [...membersKey(projectId), 'roles'];
  return queryOptions({ queryKey, queryFn: () => call(memberRoutes.roles, { params: { id: projectId } }) });
};

/** The chosen project's sites, for the member form (issue 26: without them it said the project had none). */
export const companyProjectSitesQuery = (projectId: number) => {
  const queryKey: QueryKey = [...membersKey(projectId), 'sites'];
  return queryOptions({ queryKey, queryFn: () => call(memberRoutes.sites, { params: { id: projectId } }) });
};

/** Company users who are not members of the project yet. */
export const companyCandidatesQuery = (projectId: number) => {
  const queryKey: QueryKey = [...membersKey(projectId), 'candidates'];
  return queryOptions({
    queryKey,
    queryFn: () => call(companyUserRoutes.notInProject, { query: { studyId: projectId } }),
  });
};

/** After a change the members refresh, and the project list's member counts. */
function useInvalidateMembers(projectId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    ]);
}

/** Add (no memberId) or change a member's role and sites. */
export function useSaveCompanyMember(projectId: number, meta?: MutationMeta) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    meta,
    mutationFn: (save: MemberSave) =>
      save.memberId === undefined
        ? call(memberRoutes.add, { params: { id: projectId }, body: save.body })
        : call(memberRoutes.update, { params: { id: projectId, memberId: save.memberId }, body: save.body }),
    onSuccess: invalidate,
  });
}

export function useRemoveCompanyMember(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (memberId: number) => call(memberRoutes.remove, { params: { id: projectId, memberId } }),
    onSuccess: invalidate,
  });
}
