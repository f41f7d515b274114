import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { folders, projects } from './schema/projects.ts';

type FolderRow = typeof folders.$inferSelect;

/**
 * Each project's folders as last read, with the folders_version they were read at (issue 30: the whole tree as JSON
 * in every session look-up was most of that look-up's cost). Migration 0042 gives a project a new number from one
 * sequence at every change to its folders, in the changing transaction, so a tree kept under the number a request's
 * own read returns is that request's tree. Kept per database handle: each test's database has its own numbers.
 */
const kept = new WeakMap<object, Map<number, { version: number; folders: readonly FolderRow[] }>>();
/** Enough for every active project of a large sponsor; the oldest read is dropped first. */
const MOST = 2_000;

/**
 * The project's folders in display order (sort order, then id) at `version`, from what this server kept, else read
 * now (and then possibly newer than `version`, as a read a moment later would be). The rows are frozen: shared by
 * every request.
 */
export async function folderTree(db: Db | Tx, projectId: number, version: number): Promise<readonly FolderRow[]> {
  const trees = kept.get(db) ?? kept.set(db, new Map()).get(db)!;
  const hit = trees.get(projectId);
  if (hit?.version === version) return hit.folders;
  // The rows and the number in one statement: one snapshot.
  const rows = await db
    .select({ version: projects.foldersVersion, folder: folders })
    .from(projects)
    .leftJoin(folders, eq(folders.projectId, projects.id))
    .where(eq(projects.id, projectId))
    .orderBy(asc(folders.sortOrder), asc(folders.id));
  const tree = rows.flatMap((r) => (r.folder ? [Object.freeze(r.folder)] : []));
  trees.delete(projectId);
  if (trees.size >= MOST) trees.delete(trees.keys().next().value!);
  if (rows[0]) trees.set(projectId, { version: rows[0].version, folders: tree });
  return tree;
}
