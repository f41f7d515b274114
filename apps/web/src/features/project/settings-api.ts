import type { ProjectSettingsBody } from '@edoc/contract/project';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { projectSettingsRoutes } from '@edoc/contract/project-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's settings (project administrator). */
export const projectSettingsQuery = (project: ProjectKey) =>
  queryOptions({ queryKey: [...project, 'settings'], queryFn: () => call(projectSettingsRoutes.settings) });

export function useProjectSettings() {
  return useQuery(projectSettingsQuery(useProjectKey()));
}

export function useUpdateProjectSettings(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  const { queryKey } = projectSettingsQuery(useProjectKey());
  return useMutation({
    meta,
    mutationFn: (body: ProjectSettingsBody) => call(projectSettingsRoutes.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
