import type { InspectorInviteBody } from '@edoc/contract/inspector';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { inspectorRoutes } from '@edoc/contract/inspector-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's inspector invitations, newest first (project administrators only). */
export const inspectorsQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...project, 'inspectors'],
    queryFn: () => call(inspectorRoutes.list),
  });

export function useInspectors() {
  return useQuery(inspectorsQuery(useProjectKey()));
}

function useInvalidateInspectors() {
  const queryClient = useQueryClient();
  const { queryKey } = inspectorsQuery(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Invites by e-mail; the same e-mail again changes that inspector's dates and download grant. */
export function useInviteInspector(meta?: MutationMeta) {
  const invalidate = useInvalidateInspectors();
  return useMutation({
    meta,
    mutationFn: (body: InspectorInviteBody) => call(inspectorRoutes.invite, { body }),
    onSuccess: invalidate,
  });
}

/** Ends an inspector's access at once (their state becomes revoked). */
export function useRevokeInspector() {
  const invalidate = useInvalidateInspectors();
  return useMutation({
    mutationFn: (id: number) => call(inspectorRoutes.revoke, { params: { id } }),
    onSuccess: invalidate,
  });
}
