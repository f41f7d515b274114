import { TrailType, UserOrigin, UserType, type Lang } from '@edoc/contract/enums';
import type { InspectorInvited, InspectorInviteBody, InspectorItem, InspectorState } from '@edoc/contract/inspector';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { inspectorGrants } from '../../db/schema/inspectors.ts';
import { members, projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { normaliseEmail } from '../auth/login.service.ts';
import { accountSnapshot, inCompany, insertAccount } from '../company/account.service.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { invitationMail } from './inspector-mail.ts';

type Grant = typeof inspectorGrants.$inferSelect;

const snapshot = (g: Grant, email: string) => ({
  email,
  startsOn: g.startsOn,
  endsOn: g.endsOn,
  canDownload: g.canDownload,
  revoked: g.revokedAt !== null,
});

/** Today in the project's time zone, as the session look-up reads it (plugins/auth.ts). */
const projectDay = sql<string>`to_char((now() at time zone ${projects.timeZone})::date, 'YYYY-MM-DD')`;

function stateOf(g: Grant, today: string): InspectorState {
  if (g.revokedAt) return 'revoked';
  if (today < g.startsOn) return 'scheduled';
  return today > g.endsOn ? 'ended' : 'active';
}

/** GET /manage/inspector/list: the project's invitations, newest first, each with its state today. */
export async function listInspectors(deps: Deps, ctx: ProjectContext): Promise<InspectorItem[]> {
  const inviter = alias(users, 'inviter');
  const rows = await deps.db
    .select({ g: inspectorGrants, email: users.email, name: users.name, invitedBy: inviter.name, today: projectDay })
    .from(inspectorGrants)
    .innerJoin(users, eq(users.id, inspectorGrants.userId))
    .innerJoin(inviter, eq(inviter.id, inspectorGrants.invitedBy))
    .innerJoin(projects, eq(projects.id, inspectorGrants.projectId))
    .where(eq(inspectorGrants.projectId, ctx.projectId))
    .orderBy(desc(inspectorGrants.updatedAt), desc(inspectorGrants.id));
  return rows.map(({ g, email, name, invitedBy, today }) => ({
    id: g.id,
    userId: g.userId,
    email,
    userName: name,
    startsOn: g.startsOn,
    endsOn: g.endsOn,
    canDownload: g.canDownload,
    state: stateOf(g, today),
    invitedBy,
    createdAt: g.createdAt.toISOString(),
  }));
}

/**
 * The account an inspector signs in with: theirs when the e-mail has one in the project's company (never a member
 * of this project, never an administrator: an inspector reads, and a member already has their role), else a new
 * project user whose temporary password only their mailbox sees.
 */
async function inspectorAccount(tx: Tx, ctx: ProjectContext, companyId: number, input: InspectorInviteBody) {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(input.email)));
  if (!user) {
    const created = await insertAccount(tx, {
      email: input.email,
      name: input.userName,
      userType: UserType.Project,
      companyId,
      isCompanyManager: false,
      lang: ctx.lang,
      origin: UserOrigin.Inspector,
    });
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.UserChange,
      objectType: 'user',
      objectId: created.user.id,
      newValue: accountSnapshot(created.user),
      reason: 'inspector invited',
    });
    return created;
  }
  if (user.userType !== UserType.Project || user.companyId !== companyId || user.isCompanyManager)
    fail('inspector_other_company');
  if (!user.enabled) fail('user_disabled');
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.projectId, ctx.projectId), eq(members.userId, user.id)));
  if (member) fail('inspector_is_member');
  return { user, password: null };
}

/**
 * POST /manage/inspector/invite: gives the person read-only access to the project's library for the days named
 * (re-inviting changes them and lifts a revocation), and tells them by e-mail once the change is committed.
 */
export async function inviteInspector(
  deps: Deps,
  ctx: ProjectContext,
  input: InspectorInviteBody & { canDownload: boolean },
): Promise<InspectorInvited> {
  const done = await deps.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ companyId: projects.companyId, name: projects.name })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    const { user, password } = await inspectorAccount(tx, ctx, project.companyId, input);
    const [before] = await tx
      .select()
      .from(inspectorGrants)
      .where(and(eq(inspectorGrants.projectId, ctx.projectId), eq(inspectorGrants.userId, user.id)))
      .for('update');
    const values = { startsOn: input.startsOn, endsOn: input.endsOn, canDownload: input.canDownload };
    const [grant] = await tx
      .insert(inspectorGrants)
      .values({ projectId: ctx.projectId, userId: user.id, invitedBy: ctx.actor.actorId!, ...values })
      .onConflictDoUpdate({
        target: [inspectorGrants.projectId, inspectorGrants.userId],
        set: { ...values, invitedBy: ctx.actor.actorId!, revokedAt: null, updatedAt: new Date() },
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.PermissionChange,
      objectType: 'inspector',
      objectId: grant.id,
      oldValue: before ? snapshot(before, user.email) : null,
      newValue: snapshot(grant, user.email),
    });
    return { grant, user, password, projectName: project.name };
  });
  const { grant, user, password, projectName } = done;
  const lang = (user.lang ?? ctx.lang) as Lang;
  // One mail: the invitation, with the temporary password of an account made for it.
  await sendMail(deps.jobs, {
    to: user.email,
    ...invitationMail(lang, {
      name: user.name,
      email: user.email,
      project: projectName,
      grant,
      url: deps.config.PUBLIC_URL,
      password,
    }),
  });
  return { id: grant.id, userId: user.id, newAccount: password !== null };
}

/** POST /manage/inspector/revoke/{id}: the access ends at once (the next request of an open session is refused). */
export async function revokeInspector(deps: Deps, ctx: ProjectContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ g: inspectorGrants, email: users.email })
      .from(inspectorGrants)
      .innerJoin(users, eq(users.id, inspectorGrants.userId))
      .where(and(eq(inspectorGrants.id, id), eq(inspectorGrants.projectId, ctx.projectId)))
      .for('update', { of: inspectorGrants });
    if (!row) fail('not_found');
    if (row.g.revokedAt) fail('stale_state');
    const [after] = await tx
      .update(inspectorGrants)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(eq(inspectorGrants.id, id))
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.PermissionChange,
      objectType: 'inspector',
      objectId: id,
      oldValue: snapshot(row.g, row.email),
      newValue: snapshot(after, row.email),
    });
  });
}
