import type { fileListQuery } from '@edoc/contract/document';
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { countries } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import { cappedCountOf, dayBounds, likePattern } from '../../lib/sql.ts';
import { liveLock } from '../../access/edit-lock.ts';
import { siteFilter } from '../../access/sites.ts';

type ListQuery = z.infer<typeof fileListQuery>;

/** The search box: part of a name or file code, or an ICH code whole (8.2.1, which the (project, ich_code) index answers). */
export function nameFilter(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return nameMatch(likePattern(text), text);
}

/** nameFilter's condition on its values, or on a statement's placeholders for them (likePattern's and the text). */
export const nameMatch = (pattern: string | Placeholder, text: string | Placeholder) =>
  or(sql`${documents.name} ilike ${pattern}`, sql`${documents.fileCode} ilike ${pattern}`, eq(documents.ichCode, text));

/** A user's name by id, as a scalar subquery of a list's statement. */
export const nameOf = (id: AnyColumn) => sql<string | null>`(select u.name from ${users} u where u.id = ${id})`;

/** A certified copy as certifiedColumn answers it: JSON, so its time is text. */
export interface CertifiedJson {
  by: string | null;
  certifiedAt: string;
  sha256: string;
  pages: number;
}

/**
 * The version's certified copy (one at most) as one JSON value of a list's statement, which certifiedOf reads: a
 * scalar subquery rather than a join, as the lock's below. PostgreSQL plans an unnamed statement on every run, and
 * each joined table adds to that (issue 30: the folder page planned in 1.05 ms with five joins, 0.57 ms with two).
 */
export const certifiedColumn = (versionId: AnyColumn) =>
  sql<CertifiedJson | null>`(select json_build_object('by', ${nameOf(certifiedCopies.certifiedBy)},
    'certifiedAt', ${certifiedCopies.certifiedAt}, 'sha256', ${certifiedCopies.sha256}, 'pages', ${certifiedCopies.pages})
    from ${certifiedCopies} where ${certifiedCopies.versionId} = ${versionId})`;

/** The document's lock as lockColumn answers it: JSON, so its times are text. */
export interface LockJson {
  userId: number;
  userName: string | null;
  mode: string;
  startedAt: string;
  expiresAt: string;
}

const SORT = {
  name: documents.name,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  status: documents.status,
  fileCode: documents.fileCode,
} as const;

/**
 * What makes two folder pages one statement: the view, the order and which filters are present. Their values (the
 * project, the caller, the folders and sites the rights leave, the filters' values, the page) are its parameters.
 */
export interface ListShape {
  view: ListQuery['view'];
  sort: ListQuery['sort'];
  ascending: boolean;
  sites: boolean;
  status: boolean;
  creator: boolean;
  file: boolean;
  from: boolean;
  to: boolean;
  name: boolean;
}

/** The shape of a request; the flags test the values as the conditions below are left out for them. */
export const shapeOf = (query: ListQuery, siteIds: number[] | null): ListShape => ({
  view: query.view,
  // Recent Operation has its own order, whatever the sort asks.
  sort: query.view === 'recent' ? 'updatedAt' : query.sort,
  ascending: query.view !== 'recent' && query.order === 'asc',
  sites: !!siteIds,
  status: !!query.status,
  creator: !!query.creatorId,
  file: !!query.fileId,
  from: !!query.startDate,
  to: !!query.endDate,
  name: !!query.name,
});

/** The shape as a key: the view, the sort, the direction and a bit per filter. */
export const keyOfShape = (s: ListShape) =>
  `${s.view}_${s.sort}_${s.ascending ? 'a' : 'd'}_` +
  [s.sites, s.status, s.creator, s.file, s.from, s.to, s.name].map(Number).join('');

/** The parameters of a shape's statements for one request. */
export function valuesOf(
  q: ListQuery,
  who: { projectId: number; userId: number; folderIds: number[]; siteIds: number[] | null },
) {
  return {
    project: who.projectId,
    user: who.userId,
    folders: who.folderIds,
    sites: who.siteIds,
    status: q.status,
    creator: q.creatorId,
    file: q.fileId,
    ...dayBounds(q.startDate, q.endDate),
    pattern: q.name ? likePattern(q.name) : null,
    name: q.name,
    now: new Date(),
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  };
}

const p = (name: keyof ReturnType<typeof valuesOf>) => sql.placeholder(name);

/** The document's lock (access/edit-lock.ts liveLock: one open session at most), as one JSON value. */
const lockColumn = () =>
  sql<LockJson | null>`(select json_build_object('userId', ${editSessions.userId},
    'userName', ${nameOf(editSessions.userId)}, 'mode', ${editSessions.mode},
    'startedAt', ${editSessions.startedAt}, 'expiresAt', ${editSessions.expiresAt})
    from ${editSessions} where ${editSessions.documentId} = ${documents.id} and ${liveLock(p('now'))})`;

/** My trail rows on the project's documents: the documents I last acted on, with when. */
const myRecent = sql`(select ${trail.objectId}::int as d, max(${trail.at}) as at from ${trail}
       where ${trail.actorId} = ${p('user')} and ${trail.projectId} = ${p('project')}
         and ${trail.objectType} = 'document'
       group by ${trail.objectId} order by max(${trail.at}) desc limit 200)`;

/** The project's live documents in the folders given: the list's rule, which the rows by their ids apply again. */
const liveInFolders = () =>
  and(
    eq(documents.projectId, p('project')),
    isNull(documents.deletedAt),
    sql`${documents.folderId} = any(${p('folders')})`,
  );

/**
 * The live documents of a shape, in the folders given (the caller's enabled ones: folder-rights.ts) and on the sites
 * given (sites.ts siteFilter's rule).
 */
function matching(s: ListShape): SQL | undefined {
  return and(
    liveInFolders(),
    s.sites ? siteFilter(p('sites')) : undefined,
    s.view === 'mine' ? or(eq(documents.createdBy, p('user')), eq(documents.assigneeId, p('user'))) : undefined,
    s.view === 'recent' ? sql`${documents.id} in (select d from ${myRecent} as r)` : undefined,
    s.status ? eq(documents.status, p('status')) : undefined,
    s.creator ? eq(documents.createdBy, p('creator')) : undefined,
    s.file ? eq(documents.id, p('file')) : undefined,
    s.from ? gte(documents.createdAt, p('from')) : undefined,
    s.to ? lt(documents.createdAt, p('to')) : undefined,
    s.name ? nameMatch(p('pattern'), p('name')) : undefined,
  );
}

/** The shape's documents counted up to the cap (lib/sql.ts), for a page past the last, which has no row to carry it. */
export const countStatement = (db: Tx, s: ListShape) =>
  db
    .select({
      n: cappedCountOf(
        db
          .select({ one: sql`1` })
          .from(documents)
          .where(matching(s)),
      ),
    })
    .from(sql`(select) as one`);

/** The shape's order: the sort asked for, or for Recent Operation when I last acted on each document. */
function orderOf(s: ListShape) {
  // The tie is broken by id in the same direction, so one index serves an order both ways.
  if (s.view === 'recent')
    return [sql`(select max(r.at) from ${myRecent} as r where r.d = ${documents.id}) desc`, desc(documents.id)];
  return s.ascending ? [asc(SORT[s.sort]), asc(documents.id)] : [desc(SORT[s.sort]), desc(documents.id)];
}

/**
 * The page's ids in the shape's order, each with the count of the shape's documents (counted once, an InitPlan),
 * from the documents alone: a deep page skips its thousands of rows inside an index (documents_updated_idx holds the
 * folder) instead of reading each. Planned for its values on every run (db/built-once.ts), as its plan depends on
 * them; what the page shows is read by rowsStatement.
 */
export function pageIdsStatement(db: Tx, s: ListShape) {
  const where = matching(s);
  return db
    .select({
      id: documents.id,
      counted: cappedCountOf(
        db
          .select({ one: sql`1` })
          .from(documents)
          .where(where),
      ),
    })
    .from(documents)
    .where(where)
    .orderBy(...orderOf(s))
    .limit(p('limit'))
    .offset(p('offset'));
}

/**
 * The rows of a page by their ids (pageIdsStatement's), in that order, with what the page shows: the row's own
 * columns, its version, its lock and certified copy, names looked up by id (scalar subqueries: twelve joined tables
 * took PostgreSQL 6.7 ms to plan, for a 0.3 ms page). One statement for every shape, named (db/built-once.ts): its
 * plan is the same for any ids, each row read by its key, so PostgreSQL plans it once per connection (issue 30:
 * planned with the page on every request, this cost 0.77 of the page's 1.6 ms of PostgreSQL time). The list's own
 * rule is applied again (the project, live, the folders given), so a row changed in between is never shown past it.
 */
export const rowsStatement = (db: Tx) =>
  db
    .select({
      d: {
        id: documents.id,
        folderId: documents.folderId,
        name: documents.name,
        effectiveDate: documents.effectiveDate,
        expirationDate: documents.expirationDate,
        fileCode: documents.fileCode,
        ichCode: documents.ichCode,
        artifactId: documents.artifactId,
        documentDate: documents.documentDate,
        siteId: documents.siteId,
        countryId: documents.countryId,
        status: documents.status,
        comment: documents.comment,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
        sourceSystem: documents.sourceSystem,
      },
      versionId: documentVersions.id,
      extension: documentVersions.extension,
      versionNo: documentVersions.versionNo,
      size: documentVersions.size,
      artifactNumber: sql<string | null>`(select a.number from ${tmfArtifacts} a where a.id = ${documents.artifactId})`,
      countryCode: sql<string | null>`(select c.code from ${countries} c where c.id = ${documents.countryId})`,
      creator: nameOf(documents.createdBy),
      receiverName: nameOf(documents.assigneeId),
      // Marked obsolete in the library (issue 11): the current library entry says so.
      invalid: sql<boolean>`exists (select 1 from ${libraryEntries} e where e.document_id = ${documents.id}
          and e.superseded_at is null and e.invalid)`,
      lock: lockColumn(),
      certified: certifiedColumn(documentVersions.id),
    })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, n)`)
    .innerJoin(documents, eq(documents.id, sql`page.id`))
    .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .where(liveInFolders())
    .orderBy(sql`page.n`);
