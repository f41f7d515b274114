import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchRoutes } from '@edoc/contract/search-routes';
import { call } from '../../lib/api-client';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';
import { getSessionValue } from '../../lib/session';

export interface SearchParams {
  q: string;
  folderId?: number;
  siteId?: number;
  creatorId?: number;
  tagId?: number;
  /** YYYY-MM-DD, both inclusive, on the document's last-update day. */
  startDate?: string;
  endDate?: string;
  /** YYYY-MM-DD, both inclusive, on the day the document was filed (created), in the project's zone. */
  filedFrom?: string;
  filedTo?: string;
  /** Documents with an open task of this person (overdue or not, when said): a workflow report's bar. */
  taskUserId?: number;
  taskOverdue?: boolean;
  status?: number;
  type?: string;
  sort: 'relevance' | 'date';
  pageNum: number;
  pageSize: number;
}

export const searchQueryOptions = (project: ProjectKey, p: SearchParams) =>
  queryOptions({
    queryKey: [...project, 'search', p],
    queryFn: () => call(searchRoutes.search, { query: { ...p } }),
    placeholderData: keepPreviousData,
    // Each search is a page of hits with their excerpts: dropped a minute after it is left rather than five, as the
    // document list's pages are (issue 30 part 4, the heap while working).
    gcTime: 60_000,
  });

/**
 * GET /file/search for the results page; nothing is asked before there is something to find: words, or filters
 * alone (a report's bar opens such a list, issue 14).
 */
export function useSearch(p: SearchParams, filtered = false) {
  return useQuery({ ...searchQueryOptions(useProjectKey(), p), enabled: p.q.trim() !== '' || filtered });
}

/**
 * Asks for the results of words typed in the header before the results page is opened, with the key that page
 * will read them by (no filters, by relevance, page 1 at the session's page size): the search runs while the page
 * mounts rather than after it (issue 30 part 4).
 */
export function usePrefetchSearch() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return (q: string) =>
    void queryClient.prefetchQuery(
      searchQueryOptions(project, { q, sort: 'relevance', pageNum: 1, pageSize: getSessionValue('pageSize') }),
    );
}
