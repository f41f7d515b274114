import { LANGS } from '@edoc/contract/enums';
import type { ReleaseItem, ReleaseSaveBody } from '@edoc/contract/release';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
} from '@tanstack/react-query';
import { releaseRoutes } from '@edoc/contract/release-routes';
import { call } from '../../lib/api-client';

const RELEASES = ['releases'] as const;

export function useReleases(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...RELEASES, 'list', pageNum, pageSize],
    queryFn: () => call(releaseRoutes.list, { query: { pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RELEASES });
}

/** Creates (no id) or edits a release. */
export function useSaveRelease(meta?: MutationMeta) {
  const invalidate = useInvalidateReleases();
  return useMutation({
    meta,
    mutationFn: (body: ReleaseSaveBody) => call(releaseRoutes.save, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (release: ReleaseItem) => call(releaseRoutes.delete, { params: { id: release.id } }),
    onSuccess: invalidate,
  });
}

/** Per user and language: the notes come in the session's language. */
const unreadQuery = (userId: number | null, lang: string) =>
  queryOptions({
    queryKey: [...RELEASES, 'unread', userId, lang],
    queryFn: () => call(releaseRoutes.unread),
    staleTime: Infinity,
    // A failure here must not disturb the page the user came for.
    meta: { silentError: true },
  });

export function useUnreadReleases(userId: number | null, lang: string, enabled: boolean) {
  return useQuery({ ...unreadQuery(userId, lang), enabled });
}

/**
 * Acknowledges everything up to the newest release the dialog showed. The dialog closes at once: the
 * acknowledgement is saved in the background.
 */
export function useAcknowledgeReleases(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => call(releaseRoutes.read, { body: { upTo } }),
    meta: { silentError: true },
    onMutate: () => {
      for (const lang of LANGS) queryClient.setQueryData(unreadQuery(userId, lang).queryKey, { releases: [] });
    },
  });
}
