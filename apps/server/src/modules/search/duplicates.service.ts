import type { DuplicateRow } from '@edoc/contract/search';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { viewableFolderIds } from '../../access/folder-rights.ts';

/** At most this many places are named: enough to find it, not a listing. */
const LIMIT = 20;

/**
 * GET /file/duplicates (issue 13): the versions of live documents of the project holding this content, so an upload
 * can say where it is already filed. Only documents the caller may view are named (viewDoc on the folder, sites);
 * for the others nothing is said, not even that they exist.
 */
export async function findDuplicates(deps: Deps, ctx: ProjectContext, sha256: string): Promise<DuplicateRow[]> {
  return deps.db.transaction(async (tx) => {
    const readable = await viewableFolderIds(tx, ctx);
    if (readable.length === 0) return [];
    const found = await tx
      .select({ d: documents, v: documentVersions, folder: folders.name, folderEn: folders.nameEn })
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .leftJoin(folders, eq(folders.id, documents.folderId))
      .where(
        and(
          eq(documentVersions.sha256, sha256),
          isNull(documentVersions.deletedAt),
          eq(documents.projectId, ctx.projectId),
          isNull(documents.deletedAt),
          inArray(documents.folderId, readable),
          siteFilter(await visibleSites(tx, ctx)),
        ),
      )
      .orderBy(asc(documents.id), asc(documentVersions.id))
      .limit(LIMIT);
    return found.map(({ d, v, folder, folderEn }) => ({
      fileId: d.id,
      fileVersionId: v.id,
      name: d.name,
      versionNo: v.versionNo,
      current: v.id === d.currentVersionId,
      folderId: d.folderId,
      folder,
      folderEn,
      ichCode: d.ichCode,
    }));
  });
}
