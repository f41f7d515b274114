import { duplicateList, duplicateQuery, searchAnswer, searchQuery } from '@edoc/contract/search';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { findDuplicates } from './duplicates.service.ts';
import { searchDocuments } from './search.service.ts';

/**
 * Search inside documents (issue 13):
 * - GET /file/search: the project's documents by words in their names, codes, tags, comments and text, with
 *   snippets and the page the words are on; what the caller may not view is never read;
 * - GET /file/duplicates?sha256=: where the same content is already filed, among what the caller may view.
 */
export function searchRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);
  get(
    '/file/search',
    { access: 'projectMember', query: searchQuery, response: searchAnswer, preloadRights: true, shaped: true },
    ({ ctx, query, request }) => searchDocuments(readsOf(deps, request), ctx, query),
  );
  get(
    '/file/duplicates',
    { access: 'projectMember', query: duplicateQuery, response: duplicateList },
    ({ ctx, query }) => findDuplicates(deps, ctx, query.sha256),
  );
}
