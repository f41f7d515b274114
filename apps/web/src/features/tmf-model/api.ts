import type { TmfModelBody, TmfModelItem } from '@edoc/contract/tmf-model';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { milestoneTypeRoutes } from '@edoc/contract/milestone-type-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * Keys carry the managed company, as the template queries do: a company administrator may switch companies within
 * one tab, and one company's models must not show under another's. The calls name no company: the server takes the
 * caller's own (the company area is a company administrator's).
 */
const TMF_MODELS = ['tmf-models'] as const;

export function useTmfModels() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: [...TMF_MODELS, companyId, 'list'],
    queryFn: () => call(tmfModelRoutes.list),
  });
}

export function useTmfModel(id: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: [...TMF_MODELS, companyId, 'detail', id ?? 0],
    queryFn: () => call(tmfModelRoutes.detail, { params: { id } }),
    enabled: id !== null,
    // The page shows a missing model itself (a 404 result), not as a toast.
    meta: { silentError: true },
  });
}

/** After any change every model query refreshes: the list's counts and states, the open model. */
export function useInvalidateTmfModels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TMF_MODELS });
}

/** A new model (no id: it answers the new draft's id) or a draft's whole content replaced. */
export function useSaveTmfModel(meta?: MutationMeta) {
  const invalidate = useInvalidateTmfModels();
  return useMutation({
    meta,
    mutationFn: async ({ id, body }: { id?: number; body: TmfModelBody }) =>
      id
        ? (await call(tmfModelRoutes.update, { params: { id }, body }), { id })
        : call(tmfModelRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function usePublishTmfModel() {
  const invalidate = useInvalidateTmfModels();
  return useMutation({
    mutationFn: (model: Pick<TmfModelItem, 'id'>) => call(tmfModelRoutes.publish, { params: { id: model.id } }),
    onSuccess: invalidate,
  });
}

/** A new draft copied from a version; answers the draft's id. */
export function useNewTmfModelVersion() {
  const invalidate = useInvalidateTmfModels();
  return useMutation({
    mutationFn: (model: Pick<TmfModelItem, 'id'>) => call(tmfModelRoutes.newVersion, { params: { id: model.id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTmfModel() {
  const invalidate = useInvalidateTmfModels();
  return useMutation({
    mutationFn: (model: Pick<TmfModelItem, 'id'>) => call(tmfModelRoutes.delete, { params: { id: model.id } }),
    onSuccess: invalidate,
  });
}

/** The model as a workbook in the Reference Model's layout; errors shown the usual way. */
export function useExportTmfModel() {
  return useMutation({
    mutationFn: (model: Pick<TmfModelItem, 'id'>) => call(tmfModelRoutes.export, { params: { id: model.id } }),
  });
}

/**
 * The milestone types a rule may hang on: the shipped ones and the company's own, by position (issue 27 part 4, the
 * artifact's due rules). Kept under the company like the models.
 */
export function useMilestoneTypes() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: [...TMF_MODELS, companyId, 'milestone-types'],
    queryFn: () => call(milestoneTypeRoutes.list),
    staleTime: 60_000,
    // Without the list a rule shows its milestone's code; a refusal here is no reason to interrupt the editor.
    meta: { silentError: true },
  });
}
