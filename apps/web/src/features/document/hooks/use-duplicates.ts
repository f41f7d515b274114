import type { DuplicateRow } from '@edoc/contract/search';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { searchRoutes } from '@edoc/contract/search-routes';
import { call } from '../../../lib/api-client';
import { sha256Of } from '../../../lib/hash';
import { useProjectKey } from '../../../lib/project-query';

/**
 * Where a file's content is already filed in the project (issue 13: say so before it is filed twice), among the
 * documents the caller may view. Answers nothing when the browser cannot hash the file or the question fails: the
 * upload goes on as before.
 */
export function useDuplicateCheck() {
  const project = useProjectKey();
  const client = useQueryClient();
  return async (file: File): Promise<DuplicateRow[]> => {
    try {
      const sha256 = await sha256Of(file);
      if (!sha256) return [];
      return await client.fetchQuery({
        queryKey: [...project, 'documents', 'duplicates', sha256],
        queryFn: () => call(searchRoutes.duplicates, { query: { sha256 } }),
        staleTime: 0,
        meta: { silentError: true },
      });
    } catch {
      return [];
    }
  };
}

/** The same for a file chosen in a form, asked again when another file is chosen. */
export function useDuplicatesOf(file: File | undefined) {
  const project = useProjectKey();
  const check = useDuplicateCheck();
  // Under the project's key: the same file chosen after switching projects is asked of the new one.
  return useQuery({
    queryKey: [...project, 'duplicates-of', file?.name, file?.size, file?.lastModified],
    queryFn: () => (file ? check(file) : Promise.resolve([])),
    enabled: !!file,
    staleTime: Infinity,
    gcTime: 0,
  });
}
