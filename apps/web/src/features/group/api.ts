import type { GroupBody } from '@edoc/contract/group';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { groupRoutes } from '@edoc/contract/group-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's user groups (any member may read them: grant pickers use these options too). */
export const groupsQuery = (project: ProjectKey) =>
  queryOptions({ queryKey: [...project, 'groups'], queryFn: () => call(groupRoutes.list) });

export function useGroups() {
  return useQuery(groupsQuery(useProjectKey()));
}

/** After a change every group query of the project refreshes (lists, grant pickers). */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  const { queryKey } = groupsQuery(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Create (no groupId) or update a group. */
export function useSaveGroup(meta?: MutationMeta) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    meta,
    mutationFn: ({ groupId, body }: { groupId?: number; body: GroupBody }) =>
      groupId ? call(groupRoutes.update, { params: { id: groupId }, body }) : call(groupRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (groupId: number) => call(groupRoutes.delete, { params: { id: groupId } }),
    onSuccess: invalidate,
  });
}
