import type { RoleBody } from '@edoc/contract/role';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryKey,
} from '@tanstack/react-query';
import { roleRoutes } from '@edoc/contract/role-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's roles (any member may read them: role pickers use these options too). */
export const rolesQuery = (project: ProjectKey) => {
  // Typed as any key, so the member form's role picker accepts these options (MemberCalls).
  const queryKey: QueryKey = [...project, 'roles'];
  return queryOptions({ queryKey, queryFn: () => call(roleRoutes.list) });
};

export function useRoles() {
  return useQuery(rolesQuery(useProjectKey()));
}

/** After a change every role query of the project refreshes (lists, pickers, member counts). */
export function useInvalidateRoles() {
  const queryClient = useQueryClient();
  const { queryKey } = rolesQuery(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Create (no roleId) or update a role. */
export function useSaveRole(meta?: MutationMeta) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    meta,
    mutationFn: ({ roleId, body }: { roleId?: number; body: RoleBody }) =>
      roleId ? call(roleRoutes.update, { params: { id: roleId }, body }) : call(roleRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (roleId: number) => call(roleRoutes.delete, { params: { id: roleId } }),
    onSuccess: invalidate,
  });
}
