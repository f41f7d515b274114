import {
  parseQuery,
  type SearchAnswer,
  type SearchHit,
  type SearchQuery,
  type SearchTerm,
} from '@edoc/contract/search';
import { TaskState } from '@edoc/contract/states';
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { tags } from '../../db/schema/catalog.ts';
import { documents, documentVersions, documentWords } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { contentPages, contentTexts } from '../../db/schema/search.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCount, cappedCountOf, cappedTotal, likePattern } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { viewableFolderIds } from '../../access/folder-rights.ts';
import { anyTermQuery, termQuery } from './lexemes.ts';
import { snippetsOf } from './snippets.ts';

/** The day a document was filed (created) in its project's calendar, as the reports count it (issue 14). */
const filedDay = (ctx: ProjectContext) =>
  sql`(${documents.createdAt} at time zone (select p.time_zone from projects p where p.id = ${ctx.projectId}))::date`;

/**
 * Has an open task — of the person, past its due day or not (on the project's calendar): the documents behind a bar
 * of the workflow reports (issue 14).
 */
function withOpenTask(ctx: ProjectContext, userId?: number, overdue?: boolean) {
  const today = sql`(now() at time zone (select p.time_zone from projects p where p.id = ${ctx.projectId}))::date`;
  const due =
    overdue === undefined
      ? sql``
      : overdue
        ? sql`and t.due_date < ${today}`
        : sql`and (t.due_date is null or t.due_date >= ${today})`;
  return sql`exists (select 1 from tasks t where t.document_id = ${documents.id} and t.state = ${TaskState.Open}
    ${userId ? sql`and t.user_id = ${userId}` : sql``} ${due})`;
}

/** An ICH code's beginning as a LIKE pattern (8.2 finds 8.2.1 and 8.2.10). */
const ichPrefix = (term: SearchTerm) => `${term.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Found in the name, a code, a tag or a comment: what a person typed into the metadata, matched as written. */
function inMeta(term: SearchTerm): SQL {
  const p = likePattern(term.text);
  // coalesce: a document without a file code would make the whole test null, and "not null" excludes nothing.
  return sql`coalesce(${documents.name} ilike ${p} or ${documents.fileCode} ilike ${p} or ${documents.ichCode} like ${ichPrefix(term)}
    or exists (select 1 from ${tags} where ${tags.id} = any(${documents.tagIds}) and ${tags.name} ilike ${p})
    or exists (select 1 from ${documentWords} where ${documentWords.documentId} = ${documents.id}
               and ${documentWords.text} ilike ${p}), false)`;
}

/**
 * Something of the current version's text (its lexemes), looked up for each document read: a join would make the
 * planner hash every text in the project before a walk that stops after a page.
 */
const ofText = (expression: (tsv: SQL) => SQL) =>
  sql`(select ${expression(sql.raw('ct.tsv'))} from ${contentTexts} ct where ct.sha256 = ${documentVersions.sha256})`;

/** In the text of the current version. */
const inText = (tsquery: string) => sql`coalesce(${ofText((tsv) => sql`${tsv} @@ ${tsquery}::tsquery`)}, false)`;

/** One term, in the text or the metadata. */
function termMatch(term: SearchTerm): SQL | null {
  const q = termQuery(term);
  return q ? sql`(${inText(q)} or ${inMeta(term)})` : null;
}

/**
 * The documents any searched term could match, found through indexes: the text's lexemes (GIN), names and file codes
 * (trigram GIN), ICH codes, tags and comments. Every clause is then checked on these alone, so a rare word reads a
 * handful of rows however large the project, instead of every document's metadata. Asked first, on its own: inside
 * the main query the planner joined every document's text before this filter could narrow it.
 */
function candidateIds(projectId: number, terms: SearchTerm[], any: string): SQL {
  const likes = terms.map((t) => likePattern(t.text));
  const anyOf = (column: SQL) =>
    sql.join(
      likes.map((p) => sql`${column} ilike ${p}`),
      sql` or `,
    );
  // ICH codes (8.2.1) by their beginning: the (project, ich_code) index answers it (the database sorts in C).
  const prefixOf = (column: SQL) =>
    sql.join(
      terms.map((t) => sql`${column} like ${ichPrefix(t)}`),
      sql` or `,
    );
  const tagged = sql`select tg.id from tags tg where tg.project_id = ${projectId} and (${anyOf(sql`tg.name`)})`;
  // The tags' branch reads every document of the project (tag_ids has no index): the uncorrelated exists is a
  // one-time filter, so a search whose words name no tag (nearly all) skips that read, 30 ms at 100,000 documents.
  return sql`
    select d.id from documents d join document_versions v on v.id = d.current_version_id
      join content_texts t on t.sha256 = v.sha256
      where d.project_id = ${projectId} and t.tsv @@ ${any}::tsquery
    union
    select d.id from documents d
      where d.project_id = ${projectId} and (${anyOf(sql`d.name`)} or ${anyOf(sql`d.file_code`)} or ${prefixOf(sql`d.ich_code`)})
    union
    select d.id from documents d
      where d.project_id = ${projectId} and exists (${tagged}) and d.tag_ids && array(${tagged})::int[]
    union
    select w.document_id from document_words w join documents d on d.id = w.document_id
      where d.project_id = ${projectId} and (${anyOf(sql`w.text`)})`;
}

/** What the planner expects a query to return (from the text's lexeme statistics): a millisecond, nothing read. */
async function estimatedRows(tx: Tx, query: SQL): Promise<number> {
  const plan = await tx.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`explain (format json) ${query}`,
  );
  return plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Infinity;
}

const none: SearchAnswer = { data: [], total: 0, capped: false, ranked: true };

/**
 * GET /file/search (issue 13): the live documents of the project the caller may view (viewDoc on the folder, sites
 * as in the list) matching every clause of the query in their current version's text or their metadata, and none
 * of the excluded terms. A document the caller may not view is never read here, so neither counted nor quoted.
 *
 * Two ways to find them, chosen by how many documents the planner expects the words to match: few (a rare word),
 * through the candidates the indexes give, each checked and ranked; many (a word in most documents), by walking the
 * documents newest first and stopping at the page, so a common word costs what a page costs, not what ranking every
 * match would (it is then `ranked: false`: the web says the newest come first).
 */
export async function searchDocuments(deps: Deps, ctx: ProjectContext, q: SearchQuery): Promise<SearchAnswer> {
  const parsed = parseQuery(q.q);
  const clauses = parsed.clauses
    .map((terms) => terms.map(termMatch).filter((m): m is SQL => m !== null))
    .filter((c) => c.length > 0)
    .map((c) => sql`(${sql.join(c, sql` or `)})`);
  const any = anyTermQuery(parsed);
  // No words: the filters alone list the documents, newest first (the contract asks for one filter at least).
  const wordless = q.q === '';
  if (!wordless && (clauses.length === 0 || !any)) return none;
  const excluded = parsed.exclude.map(termMatch).filter((m): m is SQL => m !== null);

  // Outside a transaction (issue 30: BEGIN and COMMIT were two round trips of ten): the count and the page may each
  // see a change committed between them, as a search a moment later would.
  const tx = deps.db;
  // A folder filter holds its subfolders, as the folder does in the tree.
  const folderIds = await viewableFolderIds(tx, ctx, q.folderId);
  if (folderIds.length === 0) return none;
  const candidates = wordless || !any ? null : candidateIds(ctx.projectId, parsed.clauses.flat(), any);
  const few = candidates !== null && (await estimatedRows(tx, candidates)) <= deps.config.SEARCH_RANK_LIMIT;
  const ids = few && candidates ? (await tx.execute<{ id: number }>(candidates)).rows.map((r) => r.id) : null;
  if (ids?.length === 0) return none;
  const where = and(
    eq(documents.projectId, ctx.projectId),
    isNull(documents.deletedAt),
    inArray(documents.folderId, folderIds),
    siteFilter(await visibleSites(tx, ctx)),
    q.status ? eq(documents.status, q.status) : undefined,
    q.type ? eq(documentVersions.extension, q.type) : undefined,
    q.siteId ? eq(documents.siteId, q.siteId) : undefined,
    q.creatorId ? eq(documents.createdBy, q.creatorId) : undefined,
    q.tagId ? sql`${q.tagId} = any(${documents.tagIds})` : undefined,
    q.startDate ? gte(documents.updatedAt, new Date(`${q.startDate}T00:00:00Z`)) : undefined,
    q.endDate ? lt(documents.updatedAt, new Date(Date.parse(`${q.endDate}T00:00:00Z`) + 86_400_000)) : undefined,
    q.filedFrom ? sql`${filedDay(ctx)} >= ${q.filedFrom}::date` : undefined,
    q.filedTo ? sql`${filedDay(ctx)} <= ${q.filedTo}::date` : undefined,
    q.taskUserId || q.taskOverdue !== undefined ? withOpenTask(ctx, q.taskUserId, q.taskOverdue) : undefined,
    // One array parameter, however many: a common word's thousands of ids are not thousands of parameters.
    ids ? sql`${documents.id} = any(${sql.param(ids)}::int[])` : undefined,
    ...clauses,
    ...excluded.map((m) => sql`not ${m}`),
  );
  const ranked = few && q.sort !== 'date';
  const order = ranked
    ? [sql`meta desc`, sql`rank desc`, desc(documents.updatedAt), desc(documents.id)]
    : [desc(documents.updatedAt), desc(documents.id)];
  const hits = tx
    .select({ one: sql`1` })
    .from(documents)
    .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .where(where);
  const page = await tx
    .select({
      d: {
        id: documents.id,
        name: documents.name,
        fileCode: documents.fileCode,
        ichCode: documents.ichCode,
        folderId: documents.folderId,
        status: documents.status,
        updatedAt: documents.updatedAt,
      },
      v: {
        id: documentVersions.id,
        sha256: documentVersions.sha256,
        versionNo: documentVersions.versionNo,
        extension: documentVersions.extension,
      },
      folderName: folders.name,
      folderEn: folders.nameEn,
      rank: (ranked
        ? sql<number>`coalesce(${ofText((tsv) => sql`ts_rank_cd(${tsv}, ${any}::tsquery)`)}, 0)`
        : sql<number>`0`
      ).as('rank'),
      meta: (wordless
        ? sql<boolean>`false`
        : sql<boolean>`(${sql.join(parsed.clauses.flat().map(inMeta), sql` or `)})`
      ).as('meta'),
      // Counted up to the cap, once, in the same statement: a common word in a large project is "10,000+".
      counted: cappedCountOf(hits),
    })
    .from(documents)
    .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  // A page past the last has no row to carry the count.
  const { total, capped } = page[0] ? cappedTotal(page[0].counted) : await cappedCount(tx, hits);
  const found = any
    ? await pagesOf(
        tx,
        page.map((r) => r.v.sha256),
        any,
      )
    : new Map<string, Array<{ page: number; body: string }>>();
  const data: SearchHit[] = page.map(({ d, v, folderName, folderEn, meta }) => {
    const best = found.get(v.sha256);
    return {
      fileId: d.id,
      fileVersionId: v.id,
      name: d.name,
      fileCode: d.fileCode,
      ichCode: d.ichCode,
      folderId: d.folderId,
      folder: folderName,
      folderEn,
      status: d.status,
      versionNo: v.versionNo,
      extension: v.extension,
      updatedtime: d.updatedAt.toISOString(),
      inMeta: meta,
      page: best?.[0]?.page ?? null,
      snippets: (best ?? []).flatMap((p) => snippetsOf(p.body, parsed, 1)).slice(0, 2),
    };
  });
  return {
    data,
    total,
    capped,
    // Nothing found is not "unranked": the web has no order to explain.
    ranked: ranked || q.sort === 'date' || total === 0 || wordless,
  };
}

/** The pages of each found content that hold any of the words, best first (two each): the page and snippets. */
async function pagesOf(tx: Tx, shas: string[], any: string) {
  const out = new Map<string, Array<{ page: number; body: string }>>();
  if (shas.length === 0) return out;
  const rows = await tx.execute<{ sha256: string; page: number; body: string }>(sql`
    select sha256, page, body from (
      select ${contentPages.sha256} as sha256, ${contentPages.page} as page, ${contentPages.body} as body,
             row_number() over (partition by ${contentPages.sha256}
                                order by ts_rank_cd(${contentPages.tsv}, ${any}::tsquery) desc, ${contentPages.page}) as n
      from ${contentPages}
      where ${inArray(contentPages.sha256, [...new Set(shas)])} and ${contentPages.tsv} @@ ${any}::tsquery
    ) as best where n <= 2 order by sha256, n`);
  for (const r of rows.rows) out.set(r.sha256, [...(out.get(r.sha256) ?? []), { page: r.page, body: r.body }]);
  return out;
}
