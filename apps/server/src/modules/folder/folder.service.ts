import { TrailType } from '@edoc/contract/enums';
import type { FolderRights } from '@edoc/contract/permissions';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, folders } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail, type TrailActor } from '../trail/trail.service.ts';
import type { ProjectContext } from '../study/study.policy.ts';
import { folderRights } from './folder.policy.ts';

type FolderRow = typeof folders.$inferSelect;

export interface FolderNode {
  folderId: number;
  parentId: number;
  folderName: string;
  folderNameEn: string | null;
  ichCode: string | null;
  type: number;
  fileCount: number;
  isEnabled: boolean;
  canCreateFile: boolean;
  manageFolder: number;
  docKeys: string[];
  children: FolderNode[];
}

/** SPEC §3 folder tree nodes, nested; a disabled folder shows count 0 (SPEC §6). */
function nest(rows: FolderRow[], rights: Map<number, FolderRights>): FolderNode[] {
  const nodes = new Map<number, FolderNode>();
  for (const f of rows) {
    const r = rights.get(f.id)!;
    nodes.set(f.id, {
      folderId: f.id,
      parentId: f.parentId ?? 0,
      folderName: f.name,
      folderNameEn: f.nameEn,
      ichCode: f.ichCode,
      type: f.type,
      // Documents arrive with the document store; until then every folder holds none.
      fileCount: 0,
      isEnabled: r.isEnabled,
      canCreateFile: r.canCreateFile,
      manageFolder: r.manageLevel,
      docKeys: r.docKeys,
      children: [],
    });
  }
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** GET /folder/tree/0 answer (SPEC §7): allFolderList, permissionFolders, manage; admins also get work and library. */
export async function folderTree(deps: Deps, ctx: ProjectContext, type?: number) {
  const { rows, rights } = await folderRights(deps.db, ctx, type);
  const tree = nest(rows, rights);
  return {
    allFolderList: tree,
    permissionFolders: rows.filter((f) => rights.get(f.id)!.isEnabled).map((f) => f.id),
    manage: ctx.fullAccess,
    ...(ctx.fullAccess ? { work: tree.filter((n) => n.type === 0), library: tree.filter((n) => n.type === 1) } : {}),
  };
}

async function loadFolder(tx: Tx, projectId: number, folderId: number): Promise<FolderRow> {
  const [f] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)));
  if (!f) fail('not_found');
  return f;
}

async function assertNameFree(
  tx: Tx,
  f: { projectId: number; type: number; parentId: number | null; name: string },
  exceptId?: number,
) {
  const [clash] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.projectId, f.projectId),
        eq(folders.type, f.type),
        f.parentId === null ? isNull(folders.parentId) : eq(folders.parentId, f.parentId),
        sql`lower(${folders.name}) = lower(${f.name})`,
        exceptId ? ne(folders.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('folder_name_exists');
}

/** Creating under a parent needs manage level 3 there (or project administration at the root). */
async function assertCanCreateFolder(tx: Tx, ctx: ProjectContext, parentId: number | null) {
  if (ctx.fullAccess) return;
  if (parentId === null) fail('forbidden');
  const { rights } = await folderRights(tx, ctx);
  if ((rights.get(parentId)?.manageLevel ?? 0) < 3) fail('forbidden');
}

export async function createFolder(
  deps: Deps,
  ctx: ProjectContext,
  input: { parentId: number; name: string; nameEn?: string; ichCode?: string; type: number },
  actor: TrailActor,
) {
  return deps.db.transaction(async (tx) => {
    const parentId = input.parentId === 0 ? null : input.parentId;
    const parent = parentId ? await loadFolder(tx, ctx.projectId, parentId) : null;
    const type = parent ? parent.type : input.type;
    await assertCanCreateFolder(tx, ctx, parentId);
    await assertNameFree(tx, { projectId: ctx.projectId, type, parentId, name: input.name });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(folders)
      .where(
        and(
          eq(folders.projectId, ctx.projectId),
          parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
        ),
      );
    const [row] = await tx
      .insert(folders)
      .values({
        projectId: ctx.projectId,
        parentId,
        type,
        name: input.name,
        nameEn: input.nameEn ?? null,
        ichCode: input.ichCode ?? null,
        sortOrder: n,
      })
      .returning();
    await recordTrail(
      tx,
      { ...actor, projectId: ctx.projectId },
      { type: TrailType.Create, objectType: 'folder', objectId: row.id, newValue: row },
    );
    return row.id;
  });
}

/** Manage level 2 on the folder (or project administration) may rename or delete it. */
async function assertCanManage(tx: Tx, ctx: ProjectContext, folderId: number) {
  if (ctx.fullAccess) return;
  const { rights } = await folderRights(tx, ctx);
  if ((rights.get(folderId)?.manageLevel ?? 0) < 2) fail('forbidden');
}

export async function renameFolder(
  deps: Deps,
  ctx: ProjectContext,
  folderId: number,
  input: { name: string; nameEn?: string; ichCode?: string },
  actor: TrailActor,
) {
  await deps.db.transaction(async (tx) => {
    const before = await loadFolder(tx, ctx.projectId, folderId);
    await assertCanManage(tx, ctx, folderId);
    await assertNameFree(tx, { ...before, name: input.name }, folderId);
    const [after] = await tx
      .update(folders)
      .set({ name: input.name, nameEn: input.nameEn ?? before.nameEn, ichCode: input.ichCode ?? before.ichCode })
      .where(eq(folders.id, folderId))
      .returning();
    await recordTrail(
      tx,
      { ...actor, projectId: ctx.projectId },
      { type: TrailType.Update, objectType: 'folder', objectId: folderId, oldValue: before, newValue: after },
    );
  });
}

/** A folder with subfolders (or, once documents exist, files) cannot be deleted (SPEC §8). */
export async function deleteFolder(deps: Deps, ctx: ProjectContext, folderId: number, actor: TrailActor) {
  await deps.db.transaction(async (tx) => {
    const before = await loadFolder(tx, ctx.projectId, folderId);
    await assertCanManage(tx, ctx, folderId);
    const [{ n }] = await tx.select({ n: count() }).from(folders).where(eq(folders.parentId, folderId));
    if (n > 0) fail('folder_has_files');
    await tx.delete(folderGrants).where(eq(folderGrants.folderId, folderId));
    await tx.delete(folders).where(eq(folders.id, folderId));
    await recordTrail(
      tx,
      { ...actor, projectId: ctx.projectId },
      { type: TrailType.Delete, objectType: 'folder', objectId: folderId, oldValue: before },
    );
  });
}
