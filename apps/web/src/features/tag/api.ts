import type { TagBody, TagIdData, TagItem } from '@edoc/contract/tag';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** The entered project's tags (any member may read them: the document form's picker uses these options too). */
export const tagsQuery = (project: ProjectKey) =>
  queryOptions({ queryKey: [...project, 'tags'], queryFn: () => api.get<TagItem[]>('/tag/list') });

export function useTags(options: { enabled?: boolean } = {}) {
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
      id ? api.postJson<null>(`/tag/update/${id}`, body) : api.postJson<TagIdData>('/tag/create', body),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (tag: TagItem) => api.postJson<null>(`/tag/delete/${tag.id}`),
    onSuccess: invalidate,
  });
}
