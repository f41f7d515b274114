import type { TagBody, TagItem } from '@edoc/contract/tag';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { tagRoutes } from '@edoc/contract/tag-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's tags (any member may read them: the document form's picker uses these options too). */
export const tagsQuery = (project: ProjectKey) =>
  queryOptions({ queryKey: [...project, 'tags'], queryFn: () => call(tagRoutes.list) });

export function useTags(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...tagsQuery(useProjectKey()), ...options });
}

/** After a change every tag query of the project refreshes (the page and the document form's picker). */
function useInvalidateTags() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () => queryClient.invalidateQueries({ queryKey: tagsQuery(project).queryKey });
}

/** Create (no id) or update a tag. */
export function useSaveTag(meta?: MutationMeta) {
  const invalidate = useInvalidateTags();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: TagBody }) =>
      id ? call(tagRoutes.update, { params: { id }, body }) : call(tagRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (tag: TagItem) => call(tagRoutes.delete, { params: { id: tag.id } }),
    onSuccess: invalidate,
  });
}
