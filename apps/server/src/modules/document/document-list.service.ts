import type { FileRow } from '@edoc/contract/document';
import { DocStatus } from '@edoc/contract/enums';
import { isViewableType } from '@edoc/contract/file-rules';
import type { z } from 'zod';
import type { fileListQuery } from '@edoc/contract/document';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { countries, folders } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCount, likePattern } from '../../lib/sql.ts';
import { docAbilitiesOf, folderRights } from '../../access/folder-rights.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { locksOf } from '../../access/edit-lock.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { certifiedCopiesOf } from '../certified-copy/certified-copy-read.ts';

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

/** A page of the live documents the caller may see, in one folder or across every enabled one. */
export async function listDocuments(deps: Deps, ctx: ProjectContext, query: ListQuery) {
  return deps.db.transaction(async (tx) => {
    const { rows, rights } = await folderRights(tx, ctx, 0);
    const enabled = rows.filter((f) => rights.get(f.id)?.isEnabled).map((f) => f.id);
    const folderIds = query.folderId ? enabled.filter((id) => id === query.folderId) : enabled;
    if (folderIds.length === 0) return { data: [] as FileRow[], total: 0, capped: false };
    const where = and(
      eq(documents.projectId, ctx.projectId),
      isNull(documents.deletedAt),
      inArray(documents.folderId, folderIds),
      siteFilter(await visibleSites(tx, ctx)),
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
    const { total, capped } = await cappedCount(
      tx,
      tx
        .select({ one: sql`1` })
        .from(documents)
        .where(where),
    );
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
      .offset((query.pageNum - 1) * query.pageSize);
    const receiver = alias(users, 'receiver');
    const page = await tx
      .select({
        d: documents,
        v: documentVersions,
        folderName: folders.name,
        folderEn: folders.nameEn,
        artifactNumber: tmfArtifacts.number,
        countryCode: countries.code,
        creator: users.name,
        receiverName: receiver.name,
        // Marked obsolete in the library (issue 11): the current library entry says so.
        invalid: sql<boolean>`exists (select 1 from ${libraryEntries} e where e.document_id = ${documents.id}
          and e.superseded_at is null and e.invalid)`,
      })
      .from(documents)
      .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
      .leftJoin(folders, eq(folders.id, documents.folderId))
      .leftJoin(tmfArtifacts, eq(tmfArtifacts.id, documents.artifactId))
      .leftJoin(countries, eq(countries.id, documents.countryId))
      .innerJoin(users, eq(users.id, documents.createdBy))
      .leftJoin(receiver, eq(receiver.id, documents.assigneeId))
      .where(inArray(documents.id, pageIds))
      .orderBy(...order);
    const locks = await locksOf(
      tx,
      page.map((p) => p.d.id),
    );
    const certified = await certifiedCopiesOf(
      tx,
      page.flatMap((p) => (p.v ? [p.v.id] : [])),
    );
    const data: FileRow[] = page.map(
      ({ d, v, folderName, folderEn, artifactNumber, countryCode, creator, receiverName, invalid }) => ({
        fileId: d.id,
        fileVersionId: v?.id ?? null,
        folderId: d.folderId,
        folder: folderName,
        folderEn,
        file_name: d.name,
        type: v?.extension ?? '',
        fileType: v?.extension ?? '',
        effective_date: d.effectiveDate,
        expiration_date: d.expirationDate,
        version_no: v?.versionNo ?? null,
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
        username: creator,
        createdtime: d.createdAt.toISOString(),
        updatedtime: d.updatedAt.toISOString(),
        size: v?.size ?? null,
        view: v
          ? isViewableType(v.extension) || ['png', 'jpg', 'jpeg', 'gif', 'txt', 'csv'].includes(v.extension)
          : false,
        takeFileInvalid: invalid,
        receiverName: d.status === DocStatus.WaitingReceive ? receiverName : null,
        lock: locks.get(d.id) ?? null,
        abilities: docAbilitiesOf(d.folderId ? rights.get(d.folderId) : undefined),
        sourceSystem: d.sourceSystem,
        certifiedCopy: v ? (certified.get(v.id) ?? null) : null,
      }),
    );
    return { data, total, capped };
  });
}
