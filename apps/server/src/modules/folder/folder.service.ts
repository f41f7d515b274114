import { TrailType } from '@edoc/contract/enums';
import type { FolderBody, FolderNode, FolderTreeAnswer } from '@edoc/contract/folder';
import { FolderType, type FolderRights } from '@edoc/contract/permissions';
import { COUNT_CAP } from '@edoc/contract/envelope';
import { and, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { folderGrants, folders } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { inspectorShelf } from '../../access/inspector.policy.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import {
  folderRights,
  loadFolder,
  lockFolder,
  projectFlags,
  requireFolderLevel,
  type FolderRow,
} from '../../access/folder-rights.ts';

/** A site member counts only central documents and their sites' own (DESIGN §5): never a count of what they may not see. */
const siteClause = (sites: number[] | null | undefined) =>
  sites ? sql`and (d.central or d.site_id = any(${sql.param(sites)}::int[]))` : sql``;

/**
 * How many live documents the folders hold. Recycled ones do not count: their folder may go, and restoring
 * them then asks where to.
 */
export async function fileCountOf(
  tx: Tx,
  folderIds: number[],
  scope: { shelf?: SQL; sites?: number[] | null } = {},
): Promise<Map<number, number>> {
  const { shelf, sites } = scope;
  const counts = new Map(folderIds.map((id) => [id, 0]));
  if (folderIds.length === 0) return counts;
  // An inspector's tree counts only what they may read there (access/inspector.policy.ts inspectorShelf).
  // Each folder counted up to COUNT_CAP + 1 (issue 13): a folder of a million documents reads 10,001 index
  // entries, not a million; the web shows more than COUNT_CAP as "10,000+".
  const rows = shelf
    ? []
    : (
        await tx.execute<{ folderId: number; n: number }>(sql`
          select f.id as "folderId", (select count(*)::int from (
            select 1 from ${documents} d where d.folder_id = f.id and d.deleted_at is null ${siteClause(sites)}
            limit ${COUNT_CAP + 1}
          ) as live) as n
          from unnest(${sql.param(folderIds)}::int[]) as f(id)`)
      ).rows;
  for (const r of rows) counts.set(r.folderId, r.n);
  // Library folders hold archived entries (issue 11): the current ones of live documents count as its files.
  const archived = await tx
    .select({ folderId: libraryEntries.folderId, n: count() })
    .from(libraryEntries)
    .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
    .where(
      and(
        inArray(libraryEntries.folderId, folderIds),
        isNull(libraryEntries.supersededAt),
        isNull(documents.deletedAt),
        shelf,
        siteFilter(sites ?? null),
      ),
    )
    .groupBy(libraryEntries.folderId);
  for (const r of archived) counts.set(r.folderId, (counts.get(r.folderId) ?? 0) + r.n);
  return counts;
}

/** SPEC §3 folder tree nodes, nested; a disabled folder shows count 0 (SPEC §6). */
export function nest(rows: FolderRow[], rights: Map<number, FolderRights>, counts: Map<number, number>): FolderNode[] {
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
      sortOrder: f.sortOrder,
      fileCount: r.isEnabled ? (counts.get(f.id) ?? 0) : 0,
      isEnabled: r.isEnabled,
      canCreateFile: r.canCreateFile,
      manageFolder: r.manageLevel,
      docKeys: r.docKeys,
      libraryKeys: r.libraryKeys,
      children: [],
    });
  }
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const root of roots) rollUp(root);
  return roots;
}

/**
 * A folder's count holds its subfolders' documents too (issue 26: a parent showed 0 while its children held
 * documents), each capped as the counts are (COUNT_CAP + 1 reads "10,000+"); a disabled folder still shows 0.
 */
function rollUp(node: FolderNode): number {
  const below = node.children.reduce((sum, child) => sum + rollUp(child), 0);
  const total = Math.min(node.fileCount + below, COUNT_CAP + 1);
  if (node.isEnabled) node.fileCount = total;
  return node.isEnabled ? total : below;
}

/** The tree answer of SPEC §7 for the given rows; `enabled` picks the ids listed in permissionFolders. */
export async function treeAnswer(
  tx: Tx,
  ctx: ProjectContext,
  {
    rows,
    rights,
    enabled = (r) => r.isEnabled,
  }: { rows: FolderRow[]; rights: Map<number, FolderRights>; enabled?: (r: FolderRights) => boolean },
): Promise<FolderTreeAnswer> {
  const { libraryFolder } = await projectFlags(tx, ctx.projectId);
  const tree = nest(
    rows,
    rights,
    await fileCountOf(
      tx,
      rows.map((f) => f.id),
      { shelf: inspectorShelf(ctx), sites: ctx.inspector ? null : await visibleSites(tx, ctx) },
    ),
  );
  return {
    allFolderList: tree,
    permissionFolders: rows.filter((f) => enabled(rights.get(f.id)!)).map((f) => f.id),
    manage: ctx.fullAccess,
    libraryFolder,
    ...(ctx.fullAccess
      ? {
          work: tree.filter((n) => n.type === FolderType.Work),
          library: tree.filter((n) => n.type === FolderType.Library),
        }
      : {}),
  };
}

/** GET /folder/tree/0 answer (SPEC §7): allFolderList, permissionFolders, manage; admins also get work and library. */
export async function folderTree(deps: Deps, ctx: ProjectContext, type?: number) {
  const { rows, rights } = await folderRights(deps.db, ctx, type);
  return treeAnswer(deps.db, ctx, { rows, rights });
}

/** Sibling names are unique ignoring case within one tree level (SPEC §5 duplicate folder names). */
export async function assertNameFree(
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

export async function createFolder(
  deps: Deps,
  ctx: ProjectContext,
  input: FolderBody & { parentId: number; type: number },
) {
  return deps.db.transaction(async (tx) => {
    const parentId = input.parentId === 0 ? null : input.parentId;
    const parent = parentId ? await loadFolder(tx, ctx.projectId, parentId) : null;
    const type = parent ? parent.type : input.type;
    if (type === FolderType.Library && !(await projectFlags(tx, ctx.projectId)).libraryFolder)
      fail('invalid_value', { field: 'type' });
    await requireFolderLevel(tx, ctx, { folderId: parentId, level: 3 });
    await assertNameFree(tx, { projectId: ctx.projectId, type, parentId, name: input.name });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(folders)
      .where(
        and(
          eq(folders.projectId, ctx.projectId),
          eq(folders.type, type),
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
        nameEn: input.nameEn || null,
        ichCode: input.ichCode || null,
        sortOrder: n,
      })
      .returning();
    await recordTrail(
      tx,
      { ...ctx.actor, projectId: ctx.projectId },
      { type: TrailType.Create, objectType: 'folder', objectId: row.id, newValue: row },
    );
    return row.id;
  });
}

/** A field left out keeps its value; one sent empty clears it. */
const keepOrClear = (given: string | undefined, before: string | null) =>
  given === undefined ? before : given || null;

export async function renameFolder(
  deps: Deps,
  ctx: ProjectContext,
  { folderId, input }: { folderId: number; input: FolderBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockFolder(tx, ctx.projectId, folderId);
    await requireFolderLevel(tx, ctx, { folderId, level: 2 });
    const nameEn = keepOrClear(input.nameEn, before.nameEn);
    const ichCode = keepOrClear(input.ichCode, before.ichCode);
    // Already so (a double click, or the second of two identical renames): nothing to record.
    if (before.name === input.name && before.nameEn === nameEn && before.ichCode === ichCode) return;
    await assertNameFree(tx, { ...before, name: input.name }, folderId);
    const [after] = await tx
      .update(folders)
      .set({
        name: input.name,
        nameEn,
        ichCode,
      })
      .where(eq(folders.id, folderId))
      .returning();
    await recordTrail(
      tx,
      { ...ctx.actor, projectId: ctx.projectId },
      { type: TrailType.Update, objectType: 'folder', objectId: folderId, oldValue: before, newValue: after },
    );
  });
}

/**
 * A folder with subfolders cannot be deleted (delete them first), nor one that holds files (SPEC §8
 * folder_has_files); both answer the same message the product shows.
 */
export async function deleteFolder(deps: Deps, ctx: ProjectContext, folderId: number) {
  await deps.db.transaction(async (tx) => {
    const before = await lockFolder(tx, ctx.projectId, folderId);
    await requireFolderLevel(tx, ctx, { folderId, level: 2 });
    const [{ n }] = await tx.select({ n: count() }).from(folders).where(eq(folders.parentId, folderId));
    if (n > 0 || ((await fileCountOf(tx, [folderId])).get(folderId) ?? 0) > 0) fail('folder_has_files');
    // Superseded library entries are records too: a folder that ever held an archived version stays.
    const [kept] = await tx
      .select({ id: libraryEntries.id })
      .from(libraryEntries)
      .where(eq(libraryEntries.folderId, folderId))
      .limit(1);
    if (kept) fail('folder_has_files');
    const grants = await tx.delete(folderGrants).where(eq(folderGrants.folderId, folderId)).returning();
    await tx.delete(folders).where(eq(folders.id, folderId));
    await recordTrail(
      tx,
      { ...ctx.actor, projectId: ctx.projectId },
      { type: TrailType.Delete, objectType: 'folder', objectId: folderId, oldValue: { ...before, grants } },
    );
  });
}
