import { TrailType, UserOrigin } from '@edoc/contract/enums';
import type { SiteItem } from '@edoc/contract/site';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, members, roles, sites } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { loadProject } from '../project/project.service.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { detachFromProject, followSessions } from './member-cleanup.ts';
import { handOverTasks, unfinishedTasks } from './member-tasks.ts';

export interface MemberInput {
  userId?: number;
  roleId: number;
  siteIds: number[];
}

/** The membership a change acts on: the project, checked to be the company's. */
interface MembershipOf {
  companyId: number;
  projectId: number;
  memberId: number;
}

export async function listMembers(deps: Deps, companyId: number, projectId: number) {
  await loadProject(deps.db, companyId, projectId);
  const rows = await deps.db
    .select({ m: members, userName: users.name, email: users.email, roleCode: roles.code, roleName: roles.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(eq(members.projectId, projectId))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    memberId: r.m.id,
    userId: r.m.userId,
    userName: r.userName,
    email: r.email,
    roleId: r.m.roleId,
    roleCode: r.roleCode,
    roleName: r.roleName,
    siteIds: r.m.siteIds,
  }));
}

export async function listRoles(deps: Deps, companyId: number, projectId: number) {
  await loadProject(deps.db, companyId, projectId);
  const rows = await deps.db.select().from(roles).where(eq(roles.projectId, projectId)).orderBy(asc(roles.id));
  return rows.map((r) => ({ roleId: r.id, code: r.code, name: r.name, builtin: r.builtin }));
}

/** The project's sites, for the member dialog of the company administrator (issue 26: it showed none). */
export async function listProjectSites(deps: Deps, companyId: number, projectId: number): Promise<SiteItem[]> {
  await loadProject(deps.db, companyId, projectId);
  const rows = await deps.db
    .select({ s: sites, countryCode: countries.code })
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.countryId))
    .where(eq(sites.projectId, projectId))
    .orderBy(asc(sites.code), asc(sites.id));
  const limited = await deps.db
    .select({ siteIds: members.siteIds })
    .from(members)
    .where(eq(members.projectId, projectId));
  return rows.map(({ s, countryCode }) => ({
    siteId: s.id,
    name: s.name,
    shortName: s.shortName,
    code: s.code,
    countryId: s.countryId,
    countryCode,
    memberCount: limited.filter((m) => m.siteIds.includes(s.id)).length,
  }));
}

/** Role and sites must belong to the project: ids from elsewhere are refused, not silently linked. */
async function checkRoleAndSites(tx: Tx, projectId: number, input: MemberInput) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, input.roleId), eq(roles.projectId, projectId)));
  if (!role) fail('invalid_value', { field: 'roleId' });
  const own = await tx.select({ id: sites.id }).from(sites).where(eq(sites.projectId, projectId));
  const ids = new Set(own.map((s) => s.id));
  if (input.siteIds.some((id) => !ids.has(id))) fail('invalid_value', { field: 'siteIds' });
  return role;
}

export async function addMember(
  deps: Deps,
  ctx: ActorContext,
  { companyId, projectId, input }: { companyId: number; projectId: number; input: MemberInput },
) {
  return deps.db.transaction(async (tx) => {
    await loadProject(tx, companyId, projectId);
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.userId ?? 0), eq(users.companyId, companyId)));
    // An inspector invitation's account is not a member candidate (usersNotInProject), so not a member either.
    if (!user || !user.enabled || user.origin === UserOrigin.Inspector) fail('user_not_exist');
    const role = await checkRoleAndSites(tx, projectId, input);
    const [row] = await tx
      .insert(members)
      .values({ projectId, userId: user.id, roleId: role.id, siteIds: [...new Set(input.siteIds)] })
      .onConflictDoNothing()
      .returning();
    if (!row) fail('do_not_resubmit');
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId },
      {
        type: TrailType.PermissionChange,
        objectType: 'member',
        objectId: row.id,
        newValue: { userId: user.id, email: user.email, role: role.code, siteIds: row.siteIds },
      },
    );
    return row.id;
  });
}

async function loadMember(tx: Tx, projectId: number, memberId: number) {
  const [m] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.projectId, projectId)))
    .for('update');
  if (!m) fail('not_found');
  return m;
}

/**
 * The membership another user holds in the company's project, locked for the change. SPEC §6: nobody changes
 * their own rights.
 */
async function loadOthersMembership(tx: Tx, ctx: ActorContext, { companyId, projectId, memberId }: MembershipOf) {
  await loadProject(tx, companyId, projectId);
  const member = await loadMember(tx, projectId, memberId);
  if (member.userId === ctx.actor.actorId) fail('cannot_change_own_rights');
  return member;
}

export async function changeMember(
  deps: Deps,
  ctx: ActorContext,
  { input, ...of }: MembershipOf & { input: MemberInput },
) {
  const { companyId, projectId, memberId } = of;
  await deps.db.transaction(async (tx) => {
    const before = await loadOthersMembership(tx, ctx, of);
    const open = await unfinishedTasks(tx, projectId, before.userId);
    if (open.length > 0) fail('user_has_tasks', {}, open);
    const role = await checkRoleAndSites(tx, projectId, input);
    const [after] = await tx
      .update(members)
      .set({ roleId: role.id, siteIds: [...new Set(input.siteIds)] })
      .where(eq(members.id, memberId))
      .returning();
    await followSessions(tx, { projectId, userId: before.userId, roleCode: role.code });
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId },
      {
        type: TrailType.PermissionChange,
        objectType: 'member',
        objectId: memberId,
        oldValue: { roleId: before.roleId, siteIds: before.siteIds },
        newValue: { roleId: after.roleId, role: role.code, siteIds: after.siteIds },
      },
    );
  });
}

export async function removeMember(deps: Deps, ctx: ActorContext, of: MembershipOf) {
  const { companyId, projectId, memberId } = of;
  await deps.db.transaction(async (tx) => {
    const before = await loadOthersMembership(tx, ctx, of);
    const tasksHandedOver = await handOverTasks(tx, { projectId, userId: before.userId, to: ctx.actor });
    const left = await detachFromProject(tx, projectId, before.userId);
    await tx.delete(members).where(eq(members.id, memberId));
    await followSessions(tx, { projectId, userId: before.userId, roleCode: null });
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId },
      {
        type: TrailType.PermissionChange,
        objectType: 'member',
        objectId: memberId,
        oldValue: { userId: before.userId, roleId: before.roleId, siteIds: before.siteIds, ...left, tasksHandedOver },
        reason: 'removed from the project',
      },
    );
  });
}
