import { TrailType } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, folders, projects } from '../../db/schema/projects.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { projectFlags, projectFolders } from '../../access/folder-rights.ts';
import { comparable } from './folder-grant.service.ts';

const hasLibraryFolder = async (tx: Tx, projectId: number) =>
  (
    await tx
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.projectId, projectId), eq(folders.type, FolderType.Library)))
      .limit(1)
  ).length > 0;

/**
 * Issue 26 item 1: a project whose file library is on but holds no folder yet (every new project, the demo's) gets
 * its library tree on its first archive, so that archive does not dead-end on "choose a library folder" with nothing
 * to choose. The tree is the workspace's, folder for folder (names in both languages, ICH codes, order), and each
 * workspace folder's grants are copied to its twin: whoever was granted a folder's library keys reads its archived
 * documents without a second round of grants. Runs in the archive's transaction, under the project's row lock, so
 * two first archives at once make one tree; each folder and grant set is a trail row of its own, as when made by
 * hand. A project that already has library folders is left as its administrators built it.
 */
export async function ensureLibraryTree(tx: Tx, ctx: ProjectContext): Promise<void> {
  const { libraryFolder } = await projectFlags(tx, ctx.projectId);
  if (!libraryFolder || (await hasLibraryFolder(tx, ctx.projectId))) return;
  await tx.execute(sql`select 1 from ${projects} where ${projects.id} = ${ctx.projectId} for update`);
  if (await hasLibraryFolder(tx, ctx.projectId)) return;

  const actor = { ...ctx.actor, projectId: ctx.projectId };
  // Depth first, so each parent is made before its children.
  const work = await projectFolders(tx, ctx.projectId, FolderType.Work);
  const twin = new Map<number, number>();
  for (const f of work) {
    const [row] = await tx
      .insert(folders)
      .values({
        projectId: ctx.projectId,
        parentId: f.parentId === null ? null : twin.get(f.parentId)!,
        type: FolderType.Library,
        name: f.name,
        nameEn: f.nameEn,
        ichCode: f.ichCode,
        sortOrder: f.sortOrder,
      })
      .returning();
    twin.set(f.id, row.id);
    await recordTrail(tx, actor, { type: TrailType.Create, objectType: 'folder', objectId: row.id, newValue: row });
  }
  if (work.length === 0) return;

  const grants = await tx
    .select()
    .from(folderGrants)
    .where(
      inArray(
        folderGrants.folderId,
        work.map((f) => f.id),
      ),
    );
  for (const f of work) {
    const own = grants.filter((g) => g.folderId === f.id);
    if (own.length === 0) continue;
    const folderId = twin.get(f.id)!;
    await tx.insert(folderGrants).values(own.map(({ id: _id, ...g }) => ({ ...g, folderId })));
    await recordTrail(tx, actor, {
      type: TrailType.PermissionChange,
      objectType: 'folder_grants',
      objectId: folderId,
      oldValue: { folder: f.name, grants: [] },
      newValue: {
        folder: f.name,
        grants: own.map(comparable),
      },
    });
  }
}
