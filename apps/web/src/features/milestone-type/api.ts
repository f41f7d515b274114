import type { MilestoneTypeBody, MilestoneTypeItem } from '@edoc/contract/milestone';
import { milestoneTypeRoutes } from '@edoc/contract/milestone-type-routes';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * Keys carry the managed company, as the TMF model queries do (a company administrator may switch companies within
 * one tab). The calls name no company: the server takes the caller's own, as /tmf-model/* does.
 */
const MILESTONE_TYPES = ['milestone-types'] as const;
/** The model editor's due rules list the same types under its own key (features/tmf-model/api.ts). */
const MODEL_KEY = ['tmf-models'] as const;

export function useMilestoneTypeList() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: [...MILESTONE_TYPES, companyId],
    queryFn: () => call(milestoneTypeRoutes.list),
  });
}

/** After a change this page's list and the model editor's copy of it both refresh. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MILESTONE_TYPES }),
      queryClient.invalidateQueries({ queryKey: MODEL_KEY }),
    ]);
}

/** A new type (no id) or one of the company's own changed. */
export function useSaveMilestoneType(meta?: MutationMeta) {
  const invalidate = useInvalidate();
  return useMutation({
    meta,
    mutationFn: async ({ id, body }: { id?: number; body: MilestoneTypeBody }) =>
      id
        ? (await call(milestoneTypeRoutes.update, { params: { id }, body }), { id })
        : call(milestoneTypeRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

/** Refused (milestone_type_in_use) while a project has dated it; the query client shows the server's message. */
export function useDeleteMilestoneType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (type: Pick<MilestoneTypeItem, 'id'>) => call(milestoneTypeRoutes.delete, { params: { id: type.id } }),
    onSuccess: invalidate,
  });
}
