import { parseQuery, type SearchAnswer, type SearchHit, type SearchQuery } from '@edoc/contract/search';
import { sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedTotal } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { visibleSites } from '../../access/sites.ts';
import { viewableFolderIds } from '../../access/folder-rights.ts';
import { anyTermQuery } from './lexemes.ts';
import { candidates } from './search-terms.ts';
import { countStatement, keyOfShape, pageStatement, shapeOf, valuesOf } from './search.statement.ts';
import { snippetsOf } from './snippets.ts';

/** What the planner expects a query to return (from the text's lexeme statistics): a millisecond, nothing read. */
async function estimatedRows(tx: Tx, query: SQL): Promise<number> {
  const plan = await tx.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`explain (format json) ${query}`,
  );
  return plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Infinity;
}

/** The page's statement of a shape, and the count's for a page past the last, built once (db/built-once.ts). */
const pageOf = builtOnce(pageStatement, keyOfShape);
const countOf = builtOnce(countStatement, keyOfShape);

const none: SearchAnswer = { data: [], total: 0, capped: false, ranked: true };

/**
 * GET /file/search (issue 13): the live documents of the project the caller may view (viewDoc on the folder, sites
 * as in the list) matching every clause of the query in their current version's text or their metadata, and none
 * of the excluded terms. A document the caller may not view is never read here, so neither counted nor quoted.
 *
 * Two ways to find them, chosen by how many documents the planner expects the words to match: few (a rare word),
 * through the candidates the indexes give, each checked and ranked; many (a word in most documents), by walking the
 * documents newest first and stopping at the page, so a common word costs what a page costs, not what ranking every
 * match would (it is then `ranked: false`: the web says the newest come first). Either is one statement with the
 * count and the snippets' pages (search.statement.ts), after the planner's estimate.
 */
export async function searchDocuments(deps: Deps, ctx: ProjectContext, q: SearchQuery): Promise<SearchAnswer> {
  const parsed = parseQuery(q.q);
  const any = anyTermQuery(parsed);
  // No words: the filters alone list the documents, newest first (the contract asks for one filter at least).
  const wordless = q.q === '';
  // Words without lexemes (punctuation alone) match nothing.
  if (!wordless && !any) return none;

  // Outside a transaction (issue 30: BEGIN and COMMIT were two round trips of ten): the count and the page may each
  // see a change committed between them, as a search a moment later would.
  const tx = deps.db;
  // A folder filter holds its subfolders, as the folder does in the tree.
  const folderIds = await viewableFolderIds(tx, ctx, q.folderId);
  if (folderIds.length === 0) return none;
  const siteIds = await visibleSites(tx, ctx);
  const values = valuesOf(q, parsed, { projectId: ctx.projectId, folderIds, siteIds });
  const shape = shapeOf(q, parsed, 'wordless', siteIds !== null);
  // The planner's estimate of the candidates picks the strategy, as it always did: planned with the request's
  // values, so built each time (drizzle prepares no EXPLAIN).
  const few =
    !wordless &&
    (await estimatedRows(
      tx,
      candidates(shape.clauses, (name) => sql`${values[name]}`, true),
    )) <= deps.config.SEARCH_RANK_LIMIT;
  shape.strategy = wordless ? 'wordless' : !few ? 'walk' : q.sort === 'date' ? 'dated' : 'ranked';
  const page = await pageOf(tx, shape).execute(values);
  // A page past the last has no row to carry the count; an empty first page is nothing found.
  const counted = page[0]?.counted ?? (q.pageNum === 1 ? 0 : ((await countOf(tx, shape).execute(values))[0]?.n ?? 0));
  const { total, capped } = cappedTotal(counted);
  const data: SearchHit[] = page.map((r) => ({
    fileId: r.id,
    fileVersionId: r.versionId,
    name: r.name,
    fileCode: r.fileCode,
    ichCode: r.ichCode,
    folderId: r.folderId,
    folder: r.folderName,
    folderEn: r.folderEn,
    status: r.status,
    versionNo: r.versionNo,
    extension: r.extension,
    updatedtime: r.updatedAt.toISOString(),
    inMeta: r.meta,
    page: r.pages?.[0]?.page ?? null,
    snippets: (r.pages ?? []).flatMap((p) => snippetsOf(p.body, parsed, 1)).slice(0, 2),
  }));
  return {
    data,
    total,
    capped,
    // Nothing found is not "unranked": the web has no order to explain.
    ranked: shape.strategy === 'ranked' || q.sort === 'date' || total === 0 || wordless,
  };
}
