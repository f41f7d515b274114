import type { LibraryRow } from '@edoc/contract/library';
import type { libraryListQuery } from '@edoc/contract/library';
import { FolderType } from '@edoc/contract/permissions';
import { viewKindOf } from '@edoc/contract/viewer';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { folders, projects } from '../../db/schema/projects.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCount, cappedCountOf, cappedTotal } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { siteFilter } from '../../access/sites.ts';
import { certifiedOf } from '../document/document-list.service.ts';
import { certifiedColumns, nameFilter, nameOf } from '../document/document-list.statement.ts';
import { folderRights, projectFlags } from '../../access/folder-rights.ts';
import { inspectorShelf } from '../../access/inspector.policy.ts';

type ListQuery = z.infer<typeof libraryListQuery>;

const SORT = {
  name: documents.name,
  archivedAt: libraryEntries.archivedAt,
  effectiveDate: libraryEntries.effectiveDate,
  expirationDate: documents.expirationDate,
  fileCode: documents.fileCode,
} as const;

/**
 * A page of the library: the archived versions in the folders whose library viewDoc the caller holds (the workspace
 * folders for a project without a library tree), of live documents on sites the caller sees. Current entries only
 * unless superseded ones are asked for; obsolete ones only when asked for.
 */
export async function listLibrary(deps: Deps, ctx: ProjectContext, query: ListQuery) {
  // Outside a transaction, in two statements when the session brought the rights (issue 30; the folder page's way,
  // document-list.service.ts): the rights, then the page with its count, the project's day and certified copies.
  const tx = deps.db;
  const libraryFolder = ctx.auth.rights?.libraryFolder ?? (await projectFlags(tx, ctx.projectId)).libraryFolder;
  const { rows, rights, siteIds } = await folderRights(tx, ctx, libraryFolder ? FolderType.Library : FolderType.Work);
  const readable = rows.filter((f) => rights.get(f.id)?.libraryKeys.includes('viewDoc')).map((f) => f.id);
  const folderIds = query.folderId ? readable.filter((id) => id === query.folderId) : readable;
  if (folderIds.length === 0) return { data: [] as LibraryRow[], total: 0, capped: false };
  const where = and(
    eq(libraryEntries.projectId, ctx.projectId),
    inArray(libraryEntries.folderId, folderIds),
    isNull(documents.deletedAt),
    siteFilter(siteIds),
    query.showSuperseded ? undefined : isNull(libraryEntries.supersededAt),
    query.showInvalid ? undefined : eq(libraryEntries.invalid, false),
    nameFilter(query.name),
    inspectorShelf(ctx),
  );
  const counted = tx
    .select({ one: sql`1` })
    .from(libraryEntries)
    .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
    .where(where);
  const order = query.order === 'asc' ? asc(SORT[query.sort]) : desc(SORT[query.sort]);
  const page = await tx
    .select({
      e: {
        id: libraryEntries.id,
        folderId: libraryEntries.folderId,
        effectiveDate: libraryEntries.effectiveDate,
        publishDate: libraryEntries.publishDate,
        archivedAt: libraryEntries.archivedAt,
        invalid: libraryEntries.invalid,
        supersededAt: libraryEntries.supersededAt,
      },
      d: {
        id: documents.id,
        name: documents.name,
        fileCode: documents.fileCode,
        ichCode: documents.ichCode,
        status: documents.status,
        comment: documents.comment,
        expirationDate: documents.expirationDate,
      },
      v: {
        id: documentVersions.id,
        extension: documentVersions.extension,
        versionNo: documentVersions.versionNo,
        size: documentVersions.size,
      },
      folderName: folders.name,
      folderEn: folders.nameEn,
      creator: nameOf(documents.createdBy),
      certified: certifiedColumns(),
      // The project's calendar day (library-access.ts projectToday), once, in the same statement.
      today: sql<string>`(select to_char((now() at time zone p.time_zone)::date, 'YYYY-MM-DD')
        from ${projects} p where p.id = ${ctx.projectId})`,
      counted: cappedCountOf(counted),
    })
    .from(libraryEntries)
    .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
    .innerJoin(documentVersions, eq(documentVersions.id, libraryEntries.versionId))
    .innerJoin(folders, eq(folders.id, libraryEntries.folderId))
    .leftJoin(certifiedCopies, eq(certifiedCopies.versionId, documentVersions.id))
    .where(where)
    .orderBy(order, desc(libraryEntries.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const data: LibraryRow[] = page.map(({ e, d, v, folderName, folderEn, creator, certified, today }) => ({
    entryId: e.id,
    fileId: d.id,
    fileVersionId: v.id,
    folderId: e.folderId,
    folder: folderName,
    folderEn,
    file_name: d.name,
    type: v.extension,
    version_no: v.versionNo,
    file_code: d.fileCode,
    ich_code: d.ichCode,
    status: d.status,
    comment: d.comment,
    username: creator ?? '',
    effective_date: e.effectiveDate,
    expiration_date: d.expirationDate,
    publish_date: e.publishDate,
    archivedtime: e.archivedAt.toISOString(),
    expired: !!d.expirationDate && d.expirationDate < today,
    takeFileInvalid: e.invalid,
    superseded: e.supersededAt !== null,
    size: v.size,
    view: viewKindOf(v.extension) !== null,
    certifiedCopy: certifiedOf(certified),
    abilities: rights.get(e.folderId)?.libraryKeys ?? [],
  }));
  // A page past the last has no row to carry the count.
  const { total, capped } = page[0] ? cappedTotal(page[0].counted) : await cappedCount(tx, counted);
  return { data, total, capped };
}
