import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { ExpectedCreateBody, ExpectedListQuery } from '@edoc/contract/expected';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';

/** Under the entered project, so another project's items never show from the cache. */
const useExpectedKey = () => [...useProjectKey(), 'expected'] as const;

/**
 * A page of the project's expected items with the counts by state; the previous page stays while the next loads.
 * Not asked while the project has no model (the page says to choose one).
 */
export function useExpectedList(query: Partial<ExpectedListQuery>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...useExpectedKey(), 'list', query],
    queryFn: () => call(expectedRoutes.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The items a document fulfils and the open ones it could (the side panel's tab, any member who reads it). */
export function useExpectedMatches(documentId: number) {
  return useQuery({
    queryKey: [...useExpectedKey(), 'matches', documentId],
    queryFn: () => call(expectedRoutes.matches, { query: { documentId } }),
  });
}

/** Every change refreshes the list, its counts and any document's matches (one item shows in both). */
function useInvalidateExpected() {
  const queryClient = useQueryClient();
  const queryKey = useExpectedKey();
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Builds or refreshes the list from the model's rules, the countries, sites and milestones. */
export function useGenerateExpected(meta?: MutationMeta) {
  const onSuccess = useInvalidateExpected();
  return useMutation({ meta, mutationFn: () => call(expectedRoutes.generate), onSuccess });
}

export function useCreateExpected(meta?: MutationMeta) {
  const onSuccess = useInvalidateExpected();
  return useMutation({
    meta,
    mutationFn: (body: ExpectedCreateBody) => call(expectedRoutes.create, { body }),
    onSuccess,
  });
}

export function useMarkNotApplicable(meta?: MutationMeta) {
  const onSuccess = useInvalidateExpected();
  return useMutation({
    meta,
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(expectedRoutes.notApplicable, { params: { id }, body: { reason } }),
    onSuccess,
  });
}

export function useReopenExpected() {
  const onSuccess = useInvalidateExpected();
  return useMutation({ mutationFn: (id: number) => call(expectedRoutes.reopen, { params: { id } }), onSuccess });
}

export function useRemoveExpected() {
  const onSuccess = useInvalidateExpected();
  return useMutation({ mutationFn: (id: number) => call(expectedRoutes.remove, { params: { id } }), onSuccess });
}

/** Links a document to an item it fulfils (link) or undoes it (unlink). */
export function useLinkExpected() {
  const onSuccess = useInvalidateExpected();
  return useMutation({
    mutationFn: ({ link, itemId, documentId }: { link: boolean; itemId: number; documentId: number }) =>
      call(link ? expectedRoutes.link : expectedRoutes.unlink, { body: { itemId, documentId } }),
    onSuccess,
  });
}
