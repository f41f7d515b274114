import type { Lang } from '@edoc/contract/enums';
import { roleNameIn } from '@edoc/contract/role';
import { TrailType } from '@edoc/contract/enums';
import type { FolderGrantItem, FolderGrantsAnswer, SubjectType } from '@edoc/contract/folder';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, groups, members, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadFolder } from '../../access/folder-rights.ts';

type GrantRow = typeof folderGrants.$inferSelect;

export interface GrantInput {
  subjectType: SubjectType;
  subjectId: number;
  docKeys: string[];
  libraryKeys: string[];
  manageLevel: number;
}

/** Display names of the project's roles, groups and members, keyed "type:id". */
async function subjectNames(tx: Tx, projectId: number, lang: Lang): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const r of await tx.select().from(roles).where(eq(roles.projectId, projectId)))
    names.set(`role:${r.id}`, roleNameIn(lang, r.code, r.name));
  for (const g of await tx.select().from(groups).where(eq(groups.projectId, projectId)))
    names.set(`group:${g.id}`, g.name);
  const people = await tx
    .select({ id: users.id, name: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.projectId, projectId));
  for (const u of people) names.set(`user:${u.id}`, u.name);
  return names;
}

const item = (g: GrantRow, names: Map<string, string>): FolderGrantItem => ({
  subjectType: g.subjectType,
  subjectId: g.subjectId,
  subjectName: names.get(`${g.subjectType}:${g.subjectId}`) ?? '',
  docKeys: g.docKeys,
  libraryKeys: g.libraryKeys,
  manageLevel: g.manageLevel,
});

/**
 * GET /folder/grants/:folderId: the folder's own grants, and the nearest grant above it of every other subject
 * (what the folder inherits; a subject granted on the folder itself overrides its inherited grant).
 */
export async function folderGrantsOf(deps: Deps, ctx: ProjectContext, folderId: number): Promise<FolderGrantsAnswer> {
  const tx = deps.db;
  const folder = await loadFolder(tx, ctx.projectId, folderId);
  const names = await subjectNames(tx, ctx.projectId, ctx.lang);
  const own = await tx.select().from(folderGrants).where(eq(folderGrants.folderId, folderId));
  const seen = new Set(own.map((g) => `${g.subjectType}:${g.subjectId}`));
  const inherited: FolderGrantsAnswer['inherited'] = [];
  for (let parentId = folder.parentId, depth = 0; parentId !== null && depth < 64; depth += 1) {
    const parent = await loadFolder(tx, ctx.projectId, parentId);
    for (const g of await tx.select().from(folderGrants).where(eq(folderGrants.folderId, parent.id))) {
      const key = `${g.subjectType}:${g.subjectId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inherited.push({ ...item(g, names), fromFolderId: parent.id, fromFolderName: parent.name });
    }
    parentId = parent.parentId;
  }
  return { folderId, own: own.map((g) => item(g, names)), inherited };
}

/** Every subject must belong to this project: roles and groups of it, users who are its members. */
async function checkSubjects(tx: Tx, projectId: number, grants: GrantInput[]) {
  const keys = grants.map((g) => `${g.subjectType}:${g.subjectId}`);
  if (new Set(keys).size !== keys.length) fail('invalid_value', { field: 'subjectId' });
  const ids = (t: SubjectType) => grants.filter((g) => g.subjectType === t).map((g) => g.subjectId);
  const found = new Set<string>();
  const roleIds = ids('role');
  if (roleIds.length) {
    const rows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.projectId, projectId), inArray(roles.id, roleIds)));
    rows.forEach((r) => found.add(`role:${r.id}`));
  }
  const groupIds = ids('group');
  if (groupIds.length) {
    const rows = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.projectId, projectId), inArray(groups.id, groupIds)));
    rows.forEach((g) => found.add(`group:${g.id}`));
  }
  const userIds = ids('user');
  if (userIds.length) {
    const rows = await tx
      .select({ id: members.userId })
      .from(members)
      .where(and(eq(members.projectId, projectId), inArray(members.userId, userIds)));
    rows.forEach((m) => found.add(`user:${m.id}`));
  }
  if (keys.some((k) => !found.has(k))) fail('invalid_value', { field: 'subjectId' });
}

/** A grant as the trail keeps it: keys sorted, so two sets compare equal when they grant the same. */
export const comparable = (g: GrantInput | GrantRow) => ({
  subjectType: g.subjectType,
  subjectId: g.subjectId,
  docKeys: [...g.docKeys].sort(),
  libraryKeys: [...g.libraryKeys].sort(),
  manageLevel: g.manageLevel,
});

/**
 * POST /folder/grants/:folderId replaces the folder's grant set. Granting is a project administrator's act
 * (SPEC §6 authorisation configuration): a folder manager could otherwise widen their own rights.
 */
export async function replaceFolderGrants(
  deps: Deps,
  ctx: ProjectContext,
  { folderId, grants }: { folderId: number; grants: GrantInput[] },
) {
  await deps.db.transaction(async (tx) => {
    const folder = await loadFolder(tx, ctx.projectId, folderId);
    await checkSubjects(tx, ctx.projectId, grants);
    const before = await tx.delete(folderGrants).where(eq(folderGrants.folderId, folderId)).returning();
    const after = grants.length
      ? await tx
          .insert(folderGrants)
          .values(
            grants.map((g) => ({
              folderId,
              subjectType: g.subjectType,
              subjectId: g.subjectId,
              docKeys: [...new Set(g.docKeys)],
              libraryKeys: [...new Set(g.libraryKeys)],
              manageLevel: g.manageLevel,
            })),
          )
          .returning()
      : [];
    await recordTrail(
      tx,
      { ...ctx.actor, projectId: ctx.projectId },
      {
        type: TrailType.PermissionChange,
        objectType: 'folder_grants',
        objectId: folderId,
        oldValue: { folder: folder.name, grants: before.map(comparable) },
        newValue: { folder: folder.name, grants: after.map(comparable) },
      },
    );
  });
}
