import { TrailType } from '@edoc/contract/enums';
import type { GroupBody, GroupItem } from '@edoc/contract/group';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, folders, groups, members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sessionProject } from '../project/project-settings.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

type GroupRow = typeof groups.$inferSelect;

const snapshot = (g: GroupRow) => ({ name: g.name, description: g.description, memberIds: g.memberIds });

const groupGrants = (groupId: number) =>
  and(eq(folderGrants.subjectType, 'group'), eq(folderGrants.subjectId, groupId));

/** GET /group/list: the entered project's user groups with their members' names. */
export async function listGroups(deps: Deps, ctx: ProjectContext): Promise<GroupItem[]> {
  const project = await sessionProject(deps.db, ctx);
  // Qualified by hand: drizzle leaves columns of a one-table query unqualified, which the subquery would capture.
  const grantCount = sql<number>`(select count(*)::int from ${folderGrants} g where g.subject_type = 'group' and g.subject_id = "user_groups"."id")`;
  const rows = await deps.db
    .select({ g: groups, grantCount })
    .from(groups)
    .where(eq(groups.projectId, project.id))
    .orderBy(asc(groups.name), asc(groups.id));
  const ids = [...new Set(rows.flatMap((r) => r.g.memberIds))];
  const people = ids.length
    ? await deps.db
        .select({ userId: users.id, userName: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.userId, p]));
  return rows.map(({ g, grantCount: n }) => ({
    groupId: g.id,
    ...snapshot(g),
    members: g.memberIds.flatMap((id) => byId.get(id) ?? []),
    grantCount: n,
  }));
}

async function assertNameFree(tx: Tx, projectId: number, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.projectId, projectId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('group_name_exists');
}

const duplicateName = (err: unknown) => (isUniqueViolation(err) ? fail('group_name_exists') : Promise.reject(err));

/** Group members must be members of the project: anyone else (another project's or company's user) is refused. */
async function checkMembers(tx: Tx, projectId: number, memberIds: number[]): Promise<number[]> {
  const wanted = [...new Set(memberIds)];
  if (!wanted.length) return [];
  const found = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.projectId, projectId), inArray(members.userId, wanted)));
  if (found.length !== wanted.length) fail('invalid_value', { field: 'memberIds' });
  return wanted;
}

async function loadGroup(tx: Tx, projectId: number, groupId: number): Promise<GroupRow> {
  const [g] = await tx
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.projectId, projectId)))
    .for('update');
  if (!g) fail('not_found');
  return g;
}

export async function createGroup(deps: Deps, ctx: ProjectContext, input: GroupBody) {
  return deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    await assertNameFree(tx, project.id, input.name);
    const memberIds = await checkMembers(tx, project.id, input.memberIds);
    const [row] = await tx
      .insert(groups)
      .values({ projectId: project.id, name: input.name, description: input.description || null, memberIds })
      .returning()
      .catch(duplicateName);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      { type: TrailType.PermissionChange, objectType: 'group', objectId: row.id, newValue: snapshot(row) },
    );
    return row.id;
  });
}

export async function updateGroup(
  deps: Deps,
  ctx: ProjectContext,
  { groupId, input }: { groupId: number; input: GroupBody },
) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadGroup(tx, project.id, groupId);
    await assertNameFree(tx, project.id, input.name, groupId);
    const memberIds = await checkMembers(tx, project.id, input.memberIds);
    const [after] = await tx
      .update(groups)
      .set({ name: input.name, description: input.description || null, memberIds })
      .where(eq(groups.id, groupId))
      .returning()
      .catch(duplicateName);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      {
        type: TrailType.PermissionChange,
        objectType: 'group',
        objectId: groupId,
        oldValue: snapshot(before),
        newValue: snapshot(after),
      },
    );
  });
}

/** Deletes the group and, in the same transaction, the folder grants given to it (the confirm text says so). */
export async function deleteGroup(deps: Deps, ctx: ProjectContext, groupId: number) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadGroup(tx, project.id, groupId);
    // Only grants on this project's folders: a group id is never granted elsewhere, but the boundary is cheap.
    const projectFolders = tx.select({ id: folders.id }).from(folders).where(eq(folders.projectId, project.id));
    const removed = await tx
      .delete(folderGrants)
      .where(and(groupGrants(groupId), inArray(folderGrants.folderId, projectFolders)))
      .returning();
    await tx.delete(groups).where(eq(groups.id, groupId));
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      {
        type: TrailType.PermissionChange,
        objectType: 'group',
        objectId: groupId,
        oldValue: {
          ...snapshot(before),
          grants: removed.map((g) => ({
            folderId: g.folderId,
            docKeys: g.docKeys,
            libraryKeys: g.libraryKeys,
            manageLevel: g.manageLevel,
          })),
        },
      },
    );
  });
}
