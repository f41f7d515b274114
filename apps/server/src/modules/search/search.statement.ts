import type { ParsedQuery, SearchQuery, SearchTerm } from '@edoc/contract/search';
import { TaskState } from '@edoc/contract/states';
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { contentPages } from '../../db/schema/search.ts';
import { cappedCountOf, dayBounds, likePattern } from '../../lib/sql.ts';
import { siteFilter } from '../../access/sites.ts';
import { anyTermQuery, termQuery } from './lexemes.ts';
import { candidates, ichPrefix, inMeta, ofText, p, termMatch, termOf, termsOf } from './search-terms.ts';

/**
 * How a search's page is found (search.service.ts says when each is chosen): among the candidates the indexes give,
 * ranked or newest first (sort=date); by walking every document newest first (a common word); or, without words,
 * by the filters alone.
 */
export type Strategy = 'ranked' | 'dated' | 'walk' | 'wordless';

/**
 * What makes two searches one statement (issue 30: drizzle built search's three statements on every request): the
 * strategy, the query's form (per clause, per term, whether it has lexemes; the excluded terms that have) and which
 * filters are present. The words, the project, the folders and sites the rights leave, the filters' values and the
 * page are its parameters.
 */
export interface SearchShape {
  strategy: Strategy;
  clauses: boolean[][];
  excluded: number;
  filters: string;
}

/** The filters present, a letter each; the task filter's overdue as t (either), o (overdue) or n (not). */
function filtersOf(q: SearchQuery, sites: boolean): string {
  const task = q.taskUserId || q.taskOverdue !== undefined;
  const flags: Array<[boolean | undefined | number | string, string]> = [
    [sites, 'S'],
    [q.status, 's'],
    [q.type, 'y'],
    [q.siteId, 'i'],
    [q.creatorId, 'c'],
    [q.tagId, 'g'],
    [q.startDate, 'f'],
    [q.endDate, 'e'],
    [q.filedFrom, 'F'],
    [q.filedTo, 'E'],
    [task && q.taskUserId, 'u'],
    [task, q.taskOverdue === undefined ? 't' : q.taskOverdue ? 'o' : 'n'],
  ];
  return flags.map(([present, letter]) => (present ? letter : '')).join('');
}

export const shapeOf = (q: SearchQuery, parsed: ParsedQuery, strategy: Strategy, sites: boolean): SearchShape => ({
  strategy,
  clauses: parsed.clauses.map((terms) => terms.map((t) => termQuery(t) !== null)),
  excluded: parsed.exclude.filter((t) => termQuery(t) !== null).length,
  filters: filtersOf(q, sites),
});

export const keyOfShape = (s: SearchShape) =>
  `${s.strategy}_${s.clauses.map((c) => c.map(Number).join('')).join('.')}_${s.excluded}_${s.filters}`;

/** The parameters of a shape's statements for one request: each term's as t0…, each excluded term's as x0…. */
export function valuesOf(
  q: SearchQuery,
  parsed: ParsedQuery,
  who: { projectId: number; folderIds: number[]; siteIds: number[] | null },
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    project: who.projectId,
    folders: who.folderIds,
    sites: who.siteIds,
    any: anyTermQuery(parsed),
    status: q.status,
    type: q.type,
    site: q.siteId,
    creator: q.creatorId,
    tag: q.tagId,
    ...dayBounds(q.startDate, q.endDate),
    filedFrom: q.filedFrom,
    filedTo: q.filedTo,
    taskUser: q.taskUserId,
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  };
  const put = (prefix: string, term: SearchTerm) => {
    values[`${prefix}like`] = likePattern(term.text);
    values[`${prefix}ich`] = ichPrefix(term);
    values[`${prefix}q`] = termQuery(term);
  };
  parsed.clauses.flat().forEach((t, i) => put(`t${i}`, t));
  parsed.exclude.filter((t) => termQuery(t) !== null).forEach((t, i) => put(`x${i}`, t));
  return values;
}

/** The day a document was filed (created) in its project's calendar, as the reports count it (issue 14). */
const filedDay = sql`(${documents.createdAt} at time zone (select p.time_zone from projects p where p.id = ${p('project')}))::date`;

/**
 * Has an open task — of the person, past its due day or not (on the project's calendar): the documents behind a bar
 * of the workflow reports (issue 14).
 */
function withOpenTask(filters: string) {
  const today = sql`(now() at time zone (select p.time_zone from projects p where p.id = ${p('project')}))::date`;
  const due = filters.includes('o')
    ? sql`and t.due_date < ${today}`
    : filters.includes('n')
      ? sql`and (t.due_date is null or t.due_date >= ${today})`
      : sql``;
  return sql`exists (select 1 from tasks t where t.document_id = ${documents.id} and t.state = ${TaskState.Open}
    ${filters.includes('u') ? sql`and t.user_id = ${p('taskUser')}` : sql``} ${due})`;
}

/** The documents of a shape: live, in the folders and on the sites given, matching every clause and no excluded term. */
function matching(s: SearchShape): SQL | undefined {
  const f = s.filters;
  const clauses = termsOf(s.clauses)
    .map((c) => c.filter((t) => t.lexemes).map((t) => termMatch(t.term)))
    .filter((c) => c.length > 0)
    .map((c) => sql`(${sql.join(c, sql` or `)})`);
  const excluded = Array.from({ length: s.excluded }, (_, i) => sql`not ${termMatch(termOf(`x${i}`))}`);
  return and(
    eq(documents.projectId, p('project')),
    isNull(documents.deletedAt),
    sql`${documents.folderId} = any(${p('folders')})`,
    f.includes('S') ? siteFilter(p('sites')) : undefined,
    f.includes('s') ? eq(documents.status, p('status')) : undefined,
    f.includes('y') ? eq(documentVersions.extension, p('type')) : undefined,
    f.includes('i') ? eq(documents.siteId, p('site')) : undefined,
    f.includes('c') ? eq(documents.createdBy, p('creator')) : undefined,
    f.includes('g') ? sql`${p('tag')} = any(${documents.tagIds})` : undefined,
    f.includes('f') ? gte(documents.updatedAt, p('from')) : undefined,
    f.includes('e') ? lt(documents.updatedAt, p('to')) : undefined,
    f.includes('F') ? sql`${filedDay} >= ${p('filedFrom')}::date` : undefined,
    f.includes('E') ? sql`${filedDay} <= ${p('filedTo')}::date` : undefined,
    /[ton]/.test(f) ? withOpenTask(f) : undefined,
    // The candidates (the statement's CTE) as one array: the documents are then read by their ids.
    few(s) ? sql`${documents.id} = any(array(select id from candidates))` : undefined,
    ...clauses,
    ...excluded,
  );
}

const few = (s: SearchShape) => s.strategy === 'ranked' || s.strategy === 'dated';

/** The candidates, as the statement's first CTE, where the shape has them. */
const candidatesOf = (db: Tx, s: SearchShape) =>
  few(s) ? [db.$with('candidates', { id: sql<number>`id` }).as(candidates(s.clauses))] : [];

/** The documents of the shape with what the page shows and sorts by (meta first, then the text's rank). */
function hitsOf(db: Tx, s: SearchShape, counted?: SQL) {
  const meta =
    s.strategy === 'wordless'
      ? sql<boolean>`false`
      : sql<boolean>`(${sql.join(
          termsOf(s.clauses)
            .flat()
            .map(({ term }) => inMeta(term)),
          sql` or `,
        )})`;
  return db
    .select({
      id: documents.id,
      name: documents.name,
      fileCode: documents.fileCode,
      ichCode: documents.ichCode,
      folderId: documents.folderId,
      status: documents.status,
      updatedAt: documents.updatedAt,
      versionId: sql<number>`${documentVersions.id}`.as('version_id'),
      sha256: documentVersions.sha256,
      versionNo: documentVersions.versionNo,
      extension: documentVersions.extension,
      rank: (s.strategy === 'ranked'
        ? sql<number>`coalesce(${ofText((tsv) => sql`ts_rank_cd(${tsv}, ${p('any')}::tsquery)`)}, 0)`
        : sql<number>`0`
      ).as('rank'),
      meta: meta.as('meta'),
      counted: (counted ?? sql<number>`0`).as('counted'),
    })
    .from(documents)
    .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .where(matching(s));
}

/**
 * A row for each of the shape's documents, to count. A walk's documents are joined to their version by its key: as a
 * plain join, the planner hashed all 100,000 versions before the count's first document (160 ms for a common word,
 * where reading each version by its key, as the bench's SQL does, took 80); a lateral sub-query kept apart (offset 0)
 * cannot be hashed.
 */
const everyHit = (db: Tx, s: SearchShape) =>
  db
    .select({ one: sql`1` })
    .from(documents)
    .innerJoin(
      s.strategy === 'walk'
        ? sql`lateral (select * from ${documentVersions} where ${documentVersions.id} = ${documents.currentVersionId}
            offset 0) as ${documentVersions}`
        : documentVersions,
      s.strategy === 'walk' ? sql`true` : eq(documentVersions.id, documents.currentVersionId),
    )
    .where(matching(s));

/** The shape's documents counted up to the cap (lib/sql.ts), for a page past the last, which has no row to carry it. */
export const countStatement = (db: Tx, s: SearchShape) =>
  db
    .with(...candidatesOf(db, s))
    .select({
      n: cappedCountOf(everyHit(db, s)),
    })
    .from(sql`(select) as one`);

/**
 * A page of the shape's documents with the count of them all (up to the cap), each with the best two pages holding
 * any word: one statement, one round trip (issue 30: the estimate, the candidates, the page and the snippets were
 * four). Among candidates, the documents are checked once into a CTE that the count and the page both read; a walk
 * stops at the page, so the count is its own sub-query there, as it stops at the cap.
 */
export function pageStatement(db: Tx, s: SearchShape) {
  const hits = db.$with('hits').as(hitsOf(db, s));
  const counted = cappedCountOf(everyHit(db, s));
  const ranked = s.strategy === 'ranked';
  const page = few(s)
    ? db
        .select()
        .from(hits)
        .orderBy(...(ranked ? [desc(hits.meta), desc(hits.rank)] : []), desc(hits.updatedAt), desc(hits.id))
        .limit(p('limit'))
        .offset(p('offset'))
        .as('page')
    : hitsOf(db, s, counted)
        .orderBy(desc(documents.updatedAt), desc(documents.id))
        .limit(p('limit'))
        .offset(p('offset'))
        .as('page');
  const any = p('any');
  // The snippets' pages for the page's rows only (outside its limit): the two holding any word best, each content's.
  const pages =
    s.strategy === 'wordless'
      ? sql<null>`null`
      : sql<Array<{
          page: number;
          body: string;
        }> | null>`(select json_agg(json_build_object('page', b.page, 'body', b.body)
          order by b.rank desc, b.page) from (select ${contentPages.page} as page, ${contentPages.body} as body,
          ts_rank_cd(${contentPages.tsv}, ${any}::tsquery) as rank from ${contentPages}
          where ${contentPages.sha256} = ${page.sha256} and ${contentPages.tsv} @@ ${any}::tsquery
          order by rank desc, ${contentPages.page} limit 2) as b)`;
  return db
    .with(...candidatesOf(db, s), ...(few(s) ? [hits] : []))
    .select({
      id: page.id,
      name: page.name,
      fileCode: page.fileCode,
      ichCode: page.ichCode,
      folderId: page.folderId,
      status: page.status,
      updatedAt: page.updatedAt,
      versionId: page.versionId,
      sha256: page.sha256,
      versionNo: page.versionNo,
      extension: page.extension,
      folderName: folders.name,
      folderEn: folders.nameEn,
      meta: page.meta,
      // Among candidates, the hits counted once (an InitPlan) from the CTE.
      counted: few(s) ? cappedCountOf(db.select({ one: sql`1` }).from(hits)) : sql<number>`${page.counted}`,
      pages,
    })
    .from(page)
    .leftJoin(folders, eq(folders.id, page.folderId))
    .orderBy(...(ranked ? [desc(page.meta), desc(page.rank)] : []), desc(page.updatedAt), desc(page.id));
}
