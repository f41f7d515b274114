import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';

/** Keys under the entered project, so another project's model and folders never show from the cache. */
const useSetupKey = () => [...useProjectKey(), 'tmf-project', 'setup'] as const;

/** The project's model (null: none yet), its artifacts and the document tree's folders with their artifact. */
export function useTmfSetup() {
  return useQuery({ queryKey: useSetupKey(), queryFn: () => call(tmfProjectRoutes.setup) });
}

/**
 * The models a project administrator may choose from: the company's and the shipped ones. Drafts are listed by the
 * server too (the list is the company's catalogue); the page offers the published ones only, as the server accepts.
 */
export function useChoosableModels() {
  return useQuery({
    queryKey: [...useProjectKey(), 'tmf-project', 'models'],
    queryFn: async () => (await call(tmfModelRoutes.projectList)).filter((m) => m.state === 'published'),
  });
}

/** After a change the setup refreshes, and so does everything else of the project that shows folders or artifacts. */
function useInvalidateProject() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () => queryClient.invalidateQueries({ queryKey: project });
}

/** Chooses the model: builds the zone / section / artifact folders, reusing matching ones. */
export function useUseTmfModel(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (modelId: number) => call(tmfProjectRoutes.use, { body: { modelId } }),
    onSuccess: invalidate,
  });
}

/** Maps one folder to an artifact of the project's model, or unmaps it (null). */
export function useMapTmfFolder() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: ({ folderId, artifactId }: { folderId: number; artifactId: number | null }) =>
      call(tmfProjectRoutes.map, { params: { id: folderId }, body: { artifactId } }),
    onSuccess: invalidate,
  });
}
