import type { SiteBody } from '@edoc/contract/site';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryKey,
} from '@tanstack/react-query';
import { siteRoutes } from '@edoc/contract/site-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's sites (any member may read them: other features' pickers use these options too). */
export const sitesQuery = (project: ProjectKey) => {
  // Typed as any key, so pickers that take list options of another feature accept these (MemberCalls).
  const queryKey: QueryKey = [...project, 'sites'];
  return queryOptions({ queryKey, queryFn: () => call(siteRoutes.list) });
};

export function useSites(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...sitesQuery(useProjectKey()), ...options });
}

/** After a change every site query of the project refreshes (lists, pickers, member counts). */
export function useInvalidateSites() {
  const queryClient = useQueryClient();
  const { queryKey } = sitesQuery(useProjectKey());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Create (no siteId) or update a site. */
export function useSaveSite(meta?: MutationMeta) {
  const invalidate = useInvalidateSites();
  return useMutation({
    meta,
    mutationFn: ({ siteId, body }: { siteId?: number; body: SiteBody }) =>
      siteId ? call(siteRoutes.update, { params: { id: siteId }, body }) : call(siteRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (siteId: number) => call(siteRoutes.delete, { params: { id: siteId } }),
    onSuccess: invalidate,
  });
}
