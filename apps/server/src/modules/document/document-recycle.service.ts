import type { RecycledRow } from '@edoc/contract/document-edit';
import { TrailType } from '@edoc/contract/enums';
import { TaskState } from '@edoc/contract/states';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions, documentWords } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { removeIfUnreferenced } from '../../storage/blob-sweep.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { deleteVersion } from './document-version.service.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { requireFolderKey } from './document.policy.ts';
import { nameTaken } from './document.service.ts';
import { requireStatusFor } from '../../access/workflow-state.ts';
import { closeTasks } from '../task/task-rows.ts';
import { requireUnlocked } from '../../access/edit-lock.ts';
import { artifactForFolder } from '../tmf-project/tmf-project-map.service.ts';
import { refileDocuments } from '../expected/expected-filing.ts';

/**
 * SPEC §3 delete payload: one version (when others remain and deleteAllVersion is false) or the whole
 * document, which goes to the recycle bin with the folder it left.
 */
export async function deleteDocument(
  deps: Deps,
  ctx: ProjectContext,
  input: { fileId: number; fileVersionId?: number; deleteAllVersion: boolean },
) {
  if (!input.deleteAllVersion && input.fileVersionId) {
    const live = await deps.db
      .select({ id: documentVersions.id })
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, input.fileId), isNull(documentVersions.deletedAt)));
    if (live.length > 1) return deleteVersion(deps, ctx, input.fileVersionId);
  }
  await deps.db.transaction(async (tx) => {
    const { doc } = await lockDocumentFor(tx, ctx, input.fileId, ['viewDoc', 'deleteDoc']);
    requireStatusFor(doc.status, 'delete');
    await requireUnlocked(tx, deps.blobs, doc.id);
    // Nobody is to receive or edit what is in the recycle bin.
    await closeTasks(tx, doc.id, {}, { state: TaskState.Cancelled, outcome: null });
    await tx
      .update(documents)
      .set({ deletedAt: new Date(), deletedBy: ctx.auth.user.id })
      .where(and(eq(documents.id, doc.id), isNull(documents.deletedAt)));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { name: doc.name, folderId: doc.folderId, status: doc.status },
      newValue: { recycled: true },
    });
    // In the recycle bin it fulfils nothing (issue 27 part 4): its items are expected again unless others fulfil them.
    await refileDocuments(tx, ctx.actor, [doc.id]);
  });
}

/** What the caller deleted; project administrators see everything deleted in the project. */
export async function listRecycled(deps: Deps, ctx: ProjectContext): Promise<RecycledRow[]> {
  const deleter = sql<string>`(select name from users u where u.id = ${documents.deletedBy})`;
  const rows = await deps.db
    .select({
      d: documents,
      folderName: folders.name,
      folderEn: folders.nameEn,
      deleter,
      versionNo: documentVersions.versionNo,
    })
    .from(documents)
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .innerJoin(users, eq(users.id, documents.createdBy))
    .where(
      and(
        eq(documents.projectId, ctx.projectId),
        isNotNull(documents.deletedAt),
        ctx.fullAccess ? undefined : eq(documents.deletedBy, ctx.auth.user.id),
      ),
    )
    .orderBy(desc(documents.deletedAt));
  return rows.map(({ d, folderName, folderEn, deleter: by, versionNo }) => ({
    fileId: d.id,
    file_name: d.name,
    folderId: d.folderId,
    folder: folderName,
    folderEn,
    version_no: versionNo,
    deletedBy: by,
    deletedtime: d.deletedAt!.toISOString(),
  }));
}

/** Locked to the end of the transaction: of two restores or purges at once, the second finds nothing. */
async function lockRecycled(tx: Tx, ctx: ProjectContext, fileId: number) {
  const [doc] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, fileId), eq(documents.projectId, ctx.projectId), isNotNull(documents.deletedAt)))
    .for('update');
  // Only the one who deleted it, or a project administrator, may act on it.
  if (!doc || (!ctx.fullAccess && doc.deletedBy !== ctx.auth.user.id)) fail('not_found');
  return doc;
}

/** Back to the folder it left, or to the chosen one when that folder is gone; a name taken there meanwhile refuses. */
export async function restoreDocument(
  deps: Deps,
  ctx: ProjectContext,
  { fileId, chosenFolder }: { fileId: number; chosenFolder?: number },
) {
  await deps.db.transaction(async (tx) => {
    const doc = await lockRecycled(tx, ctx, fileId);
    const folderId = chosenFolder ?? doc.folderId;
    if (!folderId) fail('required', { field: 'folderId' });
    await requireFolderKey(tx, ctx, folderId, 'createDoc');
    if (await nameTaken(tx, { folderId, name: doc.name })) fail('duplicate_file_name');
    // Restored into another folder, it is filed as a move files it: under that folder's artifact (issue 27).
    const artifactId =
      folderId === doc.folderId ? doc.artifactId : ((await artifactForFolder(tx, folderId))?.id ?? null);
    await tx
      .update(documents)
      .set({ deletedAt: null, deletedBy: null, folderId, artifactId, updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { recycled: true, folderId: doc.folderId },
      newValue: { restored: true, folderId },
    });
    await refileDocuments(tx, ctx.actor, [doc.id]);
  });
}

/**
 * Removes a recycled document for good (project administrators). Its rows go; a blob goes only when no other
 * version anywhere references it. The trail keeps the record, including the content's hash.
 */
export async function purgeDocument(deps: Deps, ctx: ProjectContext, fileId: number) {
  if (!ctx.fullAccess) fail('forbidden');
  const shas = await deps.db.transaction(async (tx) => {
    const doc = await lockRecycled(tx, ctx, fileId);
    const versions = await tx.select().from(documentVersions).where(eq(documentVersions.documentId, doc.id));
    await tx.update(documents).set({ currentVersionId: null }).where(eq(documents.id, doc.id));
    await tx.delete(documentWords).where(eq(documentWords.documentId, doc.id));
    await tx.delete(documentVersions).where(eq(documentVersions.documentId, doc.id));
    await tx.delete(documents).where(eq(documents.id, doc.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { name: doc.name, versions: versions.map((v) => ({ versionNo: v.versionNo, sha256: v.sha256 })) },
      newValue: { purged: true },
    });
    return [...new Set(versions.map((v) => v.sha256))];
  });
  // After the commit, and only blobs nothing else uses; a failure here leaves an orphan for the sweep.
  await removeIfUnreferenced(deps.db, deps.blobs, shas, deps.config.BLOB_GRACE_SECONDS * 1000);
}
