import type { FolderListItem, FolderTreeAnswer, UserFolderRights, WorkspaceFolder } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { members, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { visibleSites } from '../../access/sites.ts';
import {
  folderRights,
  pathOf,
  projectFolders,
  rightsOfUser,
  viewableFolderIds,
  type FolderRow,
} from '../../access/folder-rights.ts';
import { fileCountOf, treeAnswer } from './folder.service.ts';

const matches = (f: FolderRow, q: string) =>
  [f.name, f.nameEn ?? '', f.ichCode ?? ''].some((s) => s.toLowerCase().includes(q.toLowerCase()));

/** GET /folder/create/permission: the work tree, permissionFolders listing where the caller may create files. */
export async function createPermission(deps: Deps, ctx: ProjectContext): Promise<FolderTreeAnswer> {
  const { rows, rights } = await folderRights(deps.db, ctx, FolderType.Work);
  return treeAnswer(deps.db, ctx, { rows, rights, enabled: (r) => r.canCreateFile });
}

/** GET /folder/names and /folder/list/search: folders as a flat list with their path, optionally filtered. */
export async function folderList(
  deps: Deps,
  ctx: ProjectContext,
  q: { searchValue?: string; type?: number; enabledOnly?: boolean },
): Promise<FolderListItem[]> {
  const { rows, rights } = await folderRights(deps.db, ctx, q.type);
  const byId = new Map(rows.map((f) => [f.id, f]));
  return rows
    .filter((f) => (!q.enabledOnly || rights.get(f.id)!.isEnabled) && (!q.searchValue || matches(f, q.searchValue)))
    .map((f) => {
      const r = rights.get(f.id)!;
      return {
        folderId: f.id,
        parentId: f.parentId ?? 0,
        folderName: f.name,
        folderNameEn: f.nameEn,
        ichCode: f.ichCode,
        type: f.type,
        path: pathOf(f.id, byId),
        isEnabled: r.isEnabled,
        canCreateFile: r.canCreateFile,
        manageFolder: r.manageLevel,
      };
    });
}

/**
 * GET /folder/workspace/list: the work folders whose documents the caller may view (viewDoc on an enabled folder),
 * each with its live documents counted as the tree counts them (the caller's sites only, capped).
 */
export async function workspaceFolders(deps: Deps, ctx: ProjectContext): Promise<WorkspaceFolder[]> {
  const viewable = new Set(await viewableFolderIds(deps.db, ctx));
  const list = (await folderList(deps, ctx, { type: FolderType.Work })).filter((f) => viewable.has(f.folderId));
  const ids = list.map((f) => f.folderId);
  const counts = await fileCountOf(deps.db, ids, { sites: await visibleSites(deps.db, ctx) });
  return list.map((f) => ({ ...f, fileCount: counts.get(f.folderId) ?? 0 }));
}

/** GET /folder/search/tree: the tree cut down to the matching folders and the ancestors that lead to them. */
export async function searchTree(
  deps: Deps,
  ctx: ProjectContext,
  q: { searchValue: string; type?: number },
): Promise<FolderTreeAnswer> {
  const { rows, rights } = await folderRights(deps.db, ctx, q.type);
  if (!q.searchValue) return treeAnswer(deps.db, ctx, { rows, rights });
  const byId = new Map(rows.map((f) => [f.id, f]));
  const keep = new Set<number>();
  for (const f of rows) {
    if (!matches(f, q.searchValue)) continue;
    for (let a: FolderRow | undefined = f; a && !keep.has(a.id); a = a.parentId ? byId.get(a.parentId) : undefined) {
      keep.add(a.id);
    }
  }
  return treeAnswer(deps.db, ctx, { rows: rows.filter((f) => keep.has(f.id)), rights });
}

/** GET /file/permission/user/:id: a member's effective rights on every folder (SPEC §6 "file permission by user"). */
export async function userFolderRights(deps: Deps, ctx: ProjectContext, userId: number): Promise<UserFolderRights> {
  const [member] = await deps.db
    .select({ userName: users.name, roleCode: roles.code, roleName: roles.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, ctx.projectId), eq(members.userId, userId)));
  if (!member) fail('not_project_member');
  const rows = await projectFolders(deps.db, ctx.projectId);
  const rights = (await rightsOfUser(deps.db, ctx.projectId, { userId, rows }))!;
  const byId = new Map(rows.map((f) => [f.id, f]));
  return {
    userId,
    ...member,
    folders: rows.map((f) => {
      const r = rights.get(f.id)!;
      return {
        folderId: f.id,
        parentId: f.parentId ?? 0,
        folderName: f.name,
        ichCode: f.ichCode,
        type: f.type,
        path: pathOf(f.id, byId),
        isEnabled: r.isEnabled,
        canCreateFile: r.canCreateFile,
        manageFolder: r.manageLevel,
        docKeys: r.docKeys,
        libraryKeys: r.libraryKeys,
      };
    }),
  };
}
