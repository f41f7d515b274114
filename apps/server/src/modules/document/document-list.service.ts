import type { CertifiedCopyShown } from '@edoc/contract/certified-copy';
import type { FileRow } from '@edoc/contract/document';
import type { EditHolder } from '@edoc/contract/editing';
import { DocStatus } from '@edoc/contract/enums';
import { isViewableType } from '@edoc/contract/file-rules';
import type { z } from 'zod';
import type { fileListQuery } from '@edoc/contract/document';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { countries, folders } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCount, cappedCountOf, cappedTotal, likePattern } from '../../lib/sql.ts';
import { docAbilitiesOf, folderRights } from '../../access/folder-rights.ts';
import { siteFilter } from '../../access/sites.ts';
import { holderOf, liveLock } from '../../access/edit-lock.ts';
import { certifiedShown } from '../certified-copy/certified-copy-read.ts';
import type { ProjectContext } from '../../plugins/context.ts';

type ListQuery = z.infer<typeof fileListQuery>;

/** The search box: part of a name or file code, or an ICH code whole (8.2.1, which the (project, ich_code) index answers). */
export function nameFilter(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return or(
    sql`${documents.name} ilike ${likePattern(text)}`,
    sql`${documents.fileCode} ilike ${likePattern(text)}`,
    eq(documents.ichCode, text),
  );
}

const SORT = {
  name: documents.name,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  status: documents.status,
  fileCode: documents.fileCode,
} as const;

/** My trail rows on the project's documents: the documents I last acted on, with when. */
const myRecent = (ctx: ProjectContext) =>
  sql`(select ${trail.objectId}::int as d, max(${trail.at}) as at from ${trail}
       where ${trail.actorId} = ${ctx.auth.user.id} and ${trail.projectId} = ${ctx.projectId}
         and ${trail.objectType} = 'document'
       group by ${trail.objectId} order by max(${trail.at}) desc limit 200)`;

/** A user's name by id, as a scalar subquery of the page's statement. */
export const nameOf = (id: AnyColumn) => sql<string | null>`(select u.name from ${users} u where u.id = ${id})`;

type Nullable<T> = { [K in keyof T]: T[K] | null } | null;

/** The joined lock as lists show it (access/edit-lock.ts holderOf): none when no session was joined. */
function lockOf(l: Nullable<Parameters<typeof holderOf>[0] & { userName: string }>): EditHolder | null {
  if (!l?.userId || !l.mode || !l.startedAt || !l.expiresAt) return null;
  const { userId, mode, startedAt, expiresAt } = l;
  return holderOf({ userId, mode, startedAt, expiresAt }, l.userName);
}

/** A certified copy's columns in a list's statement that left-joins certified_copies (certifiedOf reads them). */
export const certifiedColumns = () => ({
  by: nameOf(certifiedCopies.certifiedBy),
  certifiedAt: certifiedCopies.certifiedAt,
  sha256: certifiedCopies.sha256,
  pages: certifiedCopies.pages,
});

/** The joined certified copy as lists show it (certified-copy-read.ts certifiedShown): none when none was joined. */
export function certifiedOf(
  c: Nullable<Parameters<typeof certifiedShown>[0] & { by: string }>,
): CertifiedCopyShown | null {
  if (!c?.certifiedAt || c.sha256 === null || c.pages === null) return null;
  const { certifiedAt, sha256, pages } = c;
  return certifiedShown({ certifiedAt, sha256, pages }, c.by);
}

/** A page of the live documents the caller may see, in one folder or across every enabled one. */
export async function listDocuments(deps: Deps, ctx: ProjectContext, query: ListQuery) {
  // Outside a transaction (issue 30: its BEGIN and COMMIT were two of the request's round trips): the count and the
  // page may each see a change committed between them, as a page read a moment later would.
  const tx = deps.db;
  const { rows, rights, siteIds } = await folderRights(tx, ctx, 0);
  const enabled = rows.filter((f) => rights.get(f.id)?.isEnabled).map((f) => f.id);
  const folderIds = query.folderId ? enabled.filter((id) => id === query.folderId) : enabled;
  if (folderIds.length === 0) return { data: [] as FileRow[], total: 0, capped: false };
  const where = and(
    eq(documents.projectId, ctx.projectId),
    isNull(documents.deletedAt),
    inArray(documents.folderId, folderIds),
    siteFilter(siteIds),
    query.view === 'mine'
      ? or(eq(documents.createdBy, ctx.auth.user.id), eq(documents.assigneeId, ctx.auth.user.id))
      : undefined,
    query.view === 'recent' ? sql`${documents.id} in (select d from ${myRecent(ctx)} as r)` : undefined,
    query.status ? eq(documents.status, query.status) : undefined,
    query.creatorId ? eq(documents.createdBy, query.creatorId) : undefined,
    query.fileId ? eq(documents.id, query.fileId) : undefined,
    query.startDate ? gte(documents.createdAt, new Date(`${query.startDate}T00:00:00Z`)) : undefined,
    query.endDate
      ? lt(documents.createdAt, new Date(Date.parse(`${query.endDate}T00:00:00Z`) + 86_400_000))
      : undefined,
    nameFilter(query.name),
  );
  const counted = tx
    .select({ one: sql`1` })
    .from(documents)
    .where(where);
  // Recent Operation lists by when I last acted on each document, newest first, whatever the sort asks.
  // The tie is broken by id in the same direction, so one index serves an order both ways.
  const ascending = query.view !== 'recent' && query.order === 'asc';
  const order =
    query.view === 'recent'
      ? [sql`(select max(r.at) from ${myRecent(ctx)} as r where r.d = ${documents.id}) desc`, desc(documents.id)]
      : ascending
        ? [asc(SORT[query.sort]), asc(documents.id)]
        : [desc(SORT[query.sort]), desc(documents.id)];
  // The page's ids first, from the documents alone: a deep page skips its thousands of rows inside an index
  // (documents_updated_idx holds the folder) instead of reading each; then only those rows with their joins.
  const pageIds = tx
    .select({ id: documents.id })
    .from(documents)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .as('page_ids');
  // One statement for the page (issue 30: each round trip to the database cost more than its query): the row's
  // own columns only, with its lock (access/edit-lock.ts liveLock: one session at most) and its certified copy (one
  // per version) joined instead of read after. A name looked up by id is a scalar subquery, not a join: twelve
  // joined tables took PostgreSQL 6.7 ms to plan, for a 0.3 ms page.
  const page = await tx
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
      folderName: folders.name,
      folderEn: folders.nameEn,
      artifactNumber: sql<string | null>`(select a.number from ${tmfArtifacts} a where a.id = ${documents.artifactId})`,
      countryCode: sql<string | null>`(select c.code from ${countries} c where c.id = ${documents.countryId})`,
      creator: nameOf(documents.createdBy),
      receiverName: nameOf(documents.assigneeId),
      // The list's total, counted once (an InitPlan) in the same statement.
      counted: cappedCountOf(counted),
      // Marked obsolete in the library (issue 11): the current library entry says so.
      invalid: sql<boolean>`exists (select 1 from ${libraryEntries} e where e.document_id = ${documents.id}
          and e.superseded_at is null and e.invalid)`,
      lock: {
        userId: editSessions.userId,
        userName: nameOf(editSessions.userId),
        mode: editSessions.mode,
        startedAt: editSessions.startedAt,
        expiresAt: editSessions.expiresAt,
      },
      certified: certifiedColumns(),
    })
    // The page's ids come first in the FROM list: past eight joins PostgreSQL keeps the written order, and from the
    // 20 ids each join is an index look-up (as `id in (…)` the plan hashed every document of the project).
    .from(pageIds)
    .innerJoin(documents, eq(documents.id, pageIds.id))
    .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .leftJoin(editSessions, and(eq(editSessions.documentId, documents.id), liveLock()))
    .leftJoin(certifiedCopies, eq(certifiedCopies.versionId, documentVersions.id))
    .orderBy(...order);
  const data: FileRow[] = page.map(
    ({ d, versionId, extension, versionNo, size, folderName, folderEn, artifactNumber, countryCode, ...more }) => ({
      fileId: d.id,
      fileVersionId: versionId,
      folderId: d.folderId,
      folder: folderName,
      folderEn,
      file_name: d.name,
      type: extension ?? '',
      fileType: extension ?? '',
      effective_date: d.effectiveDate,
      expiration_date: d.expirationDate,
      version_no: versionNo,
      file_code: d.fileCode,
      ich_code: d.ichCode,
      artifactId: d.artifactId,
      artifactNumber,
      documentDate: d.documentDate,
      siteId: d.siteId,
      countryId: d.countryId,
      countryCode,
      status: d.status,
      comment: d.comment,
      username: more.creator ?? '',
      createdtime: d.createdAt.toISOString(),
      updatedtime: d.updatedAt.toISOString(),
      size,
      view: extension
        ? isViewableType(extension) || ['png', 'jpg', 'jpeg', 'gif', 'txt', 'csv'].includes(extension)
        : false,
      takeFileInvalid: more.invalid,
      receiverName: d.status === DocStatus.WaitingReceive ? more.receiverName : null,
      lock: lockOf(more.lock),
      abilities: docAbilitiesOf(d.folderId ? rights.get(d.folderId) : undefined),
      sourceSystem: d.sourceSystem,
      certifiedCopy: certifiedOf(more.certified),
    }),
  );
  // A page past the last has no row to carry the count.
  const { total, capped } = page[0] ? cappedTotal(page[0].counted) : await cappedCount(tx, counted);
  return { data, total, capped };
}
