import type { LibraryRow } from '@edoc/contract/library';
import type { libraryListQuery } from '@edoc/contract/library';
import { FolderType } from '@edoc/contract/permissions';
import { viewKindOf } from '@edoc/contract/viewer';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folders } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { cappedCount } from '../../lib/sql.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { nameFilter } from '../document/document-list.service.ts';
import { folderRights, projectFlags } from '../../access/folder-rights.ts';
import { inspectorShelf } from '../../access/inspector.policy.ts';
import { projectToday } from '../../access/library-access.ts';
import { certifiedCopiesOf } from '../certified-copy/certified-copy-read.ts';

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
  return deps.db.transaction(async (tx) => {
    const { libraryFolder } = await projectFlags(tx, ctx.projectId);
    const { rows, rights } = await folderRights(tx, ctx, libraryFolder ? FolderType.Library : FolderType.Work);
    const readable = rows.filter((f) => rights.get(f.id)?.libraryKeys.includes('viewDoc')).map((f) => f.id);
    const folderIds = query.folderId ? readable.filter((id) => id === query.folderId) : readable;
    if (folderIds.length === 0) return { data: [] as LibraryRow[], total: 0, capped: false };
    const where = and(
      eq(libraryEntries.projectId, ctx.projectId),
      inArray(libraryEntries.folderId, folderIds),
      isNull(documents.deletedAt),
      siteFilter(await visibleSites(tx, ctx)),
      query.showSuperseded ? undefined : isNull(libraryEntries.supersededAt),
      query.showInvalid ? undefined : eq(libraryEntries.invalid, false),
      nameFilter(query.name),
      inspectorShelf(ctx),
    );
    const { total, capped } = await cappedCount(
      tx,
      tx
        .select({ one: sql`1` })
        .from(libraryEntries)
        .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
        .where(where),
    );
    const order = query.order === 'asc' ? asc(SORT[query.sort]) : desc(SORT[query.sort]);
    const page = await tx
      .select({
        e: libraryEntries,
        d: documents,
        v: documentVersions,
        folderName: folders.name,
        folderEn: folders.nameEn,
        creator: users.name,
      })
      .from(libraryEntries)
      .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
      .innerJoin(documentVersions, eq(documentVersions.id, libraryEntries.versionId))
      .innerJoin(folders, eq(folders.id, libraryEntries.folderId))
      .innerJoin(users, eq(users.id, documents.createdBy))
      .where(where)
      .orderBy(order, desc(libraryEntries.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize);
    const today = await projectToday(tx, ctx.projectId);
    const certified = await certifiedCopiesOf(
      tx,
      page.map((p) => p.v.id),
    );
    const data: LibraryRow[] = page.map(({ e, d, v, folderName, folderEn, creator }) => ({
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
      username: creator,
      effective_date: e.effectiveDate,
      expiration_date: d.expirationDate,
      publish_date: e.publishDate,
      archivedtime: e.archivedAt.toISOString(),
      expired: !!d.expirationDate && d.expirationDate < today,
      takeFileInvalid: e.invalid,
      superseded: e.supersededAt !== null,
      size: v.size,
      view: viewKindOf(v.extension) !== null,
      certifiedCopy: certified.get(v.id) ?? null,
      abilities: rights.get(e.folderId)?.libraryKeys ?? [],
    }));
    return { data, total, capped };
  });
}
