import { TrailType } from '@edoc/contract/enums';
import type { FolderMoveBody } from '@edoc/contract/folder';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadFolder, lockFolder, requireFolderLevel } from '../../access/folder-rights.ts';
import { assertNameFree } from './folder.service.ts';

async function siblingsOf(tx: Tx, projectId: number, type: number, parentId: number | null, exceptId: number) {
  return tx
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.projectId, projectId),
        eq(folders.type, type),
        parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
        ne(folders.id, exceptId),
      ),
    )
    .orderBy(asc(folders.sortOrder), asc(folders.id));
}

/** Numbers a level 0, 1, 2 … in the given order, so the stored order is exactly what the user arranged. */
async function renumber(tx: Tx, ids: number[]) {
  for (const [i, id] of ids.entries()) await tx.update(folders).set({ sortOrder: i }).where(eq(folders.id, id));
}

/** True when `candidateId` is `folderId` itself or lies below it. */
async function isInSubtree(tx: Tx, projectId: number, folderId: number, candidateId: number) {
  for (let id: number | null = candidateId, depth = 0; id !== null && depth < 64; depth += 1) {
    if (id === folderId) return true;
    const [row] = await tx
      .select({ parentId: folders.parentId })
      .from(folders)
      .where(and(eq(folders.id, id), eq(folders.projectId, projectId)));
    id = row?.parentId ?? null;
  }
  return false;
}

/**
 * POST /folder/move/:id: reorder among siblings (same parent) or move under another parent of the same tree.
 * Moving needs manage level 2 on the folder, and 3 on the new parent as it gains a subfolder (SPEC §3).
 */
export async function moveFolder(
  deps: Deps,
  ctx: ProjectContext,
  { folderId, input }: { folderId: number; input: FolderMoveBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockFolder(tx, ctx.projectId, folderId);
    const parentId = input.parentId === 0 ? null : input.parentId;
    await requireFolderLevel(tx, ctx, { folderId, level: 2 });
    const parentChanges = parentId !== before.parentId;
    if (parentId !== null) {
      const parent = await loadFolder(tx, ctx.projectId, parentId).catch(() =>
        fail('invalid_value', { field: 'parentId' }),
      );
      if (parent.type !== before.type) fail('invalid_value', { field: 'parentId' });
      if (await isInSubtree(tx, ctx.projectId, folderId, parentId)) fail('folder_move_invalid');
    }
    if (parentChanges) {
      await requireFolderLevel(tx, ctx, { folderId: parentId, level: 3 });
      await assertNameFree(tx, { projectId: ctx.projectId, type: before.type, parentId, name: before.name }, folderId);
    }
    const siblings = (await siblingsOf(tx, ctx.projectId, before.type, parentId, folderId)).map((s) => s.id);
    const index = Math.min(input.index, siblings.length);
    // Already where it is asked to be (a double click, or the second of two identical moves): nothing to record.
    if (!parentChanges) {
      const now = await siblingsOf(tx, ctx.projectId, before.type, parentId, 0);
      if (now.findIndex((s) => s.id === folderId) === index) return;
    }
    siblings.splice(index, 0, folderId);
    if (parentChanges) {
      await tx.update(folders).set({ parentId }).where(eq(folders.id, folderId));
      const left = await siblingsOf(tx, ctx.projectId, before.type, before.parentId, folderId);
      await renumber(
        tx,
        left.map((s) => s.id),
      );
    }
    await renumber(tx, siblings);
    await recordTrail(
      tx,
      { ...ctx.actor, projectId: ctx.projectId },
      {
        type: TrailType.Move,
        objectType: 'folder',
        objectId: folderId,
        oldValue: { parentId: before.parentId ?? 0, sortOrder: before.sortOrder },
        newValue: { parentId: parentId ?? 0, sortOrder: index },
      },
    );
  });
}
