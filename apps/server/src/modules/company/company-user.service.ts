import type {
  CompanyUserCreateBody,
  CompanyUserEditBody,
  CompanyUserItem,
  CompanyUserRow,
} from '@edoc/contract/company';
import { ApprovalStatus, TrailType, UserOrigin, UserType, type Lang } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import { and, count, desc, eq, ilike, inArray, ne, notExists, or, type SQL } from 'drizzle-orm';
import { userTotp } from '../../db/schema/identity.ts';
import { members, projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { randomPassword } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { likePattern } from '../../lib/sql.ts';
import { setPassword } from '../auth/password.service.ts';
import type { ActorContext, RequestBase } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import {
  accountSnapshot,
  inCompany,
  insertAccount,
  mailPassword,
  revokeSessions,
  toCompanyUserItem,
} from './account.service.ts';
import { assertCompanyExists, lockCompanyUser } from './company.policy.ts';

/**
 * The company's people as the user list shows them: approved accounts of type 2 and 3. Registrations still
 * waiting (or refused) are not users yet; they live in the approval list. Service accounts are not people (no
 * password to reset, no sign-in): they have their own list (the Service accounts tab).
 */
function companyPeople(companyId: number, searchValue?: string): SQL {
  const conditions = [
    eq(users.companyId, companyId),
    inArray(users.userType, [UserType.Company, UserType.Project]),
    eq(users.approvalStatus, ApprovalStatus.Passed),
    eq(users.isServiceAccount, false),
  ];
  if (searchValue)
    conditions.push(or(ilike(users.name, likePattern(searchValue)), ilike(users.email, likePattern(searchValue)))!);
  return and(...conditions)!;
}

/**
 * GET /company/users: newest first, searched by name or e-mail, each with whether a second factor is on (a confirmed
 * one: a set-up never finished does not protect the account), so the administrator sees who still signs in without.
 */
export async function listCompanyUsers(
  deps: Deps,
  companyId: number,
  query: { pageNum: number; pageSize: number; searchValue?: string },
): Promise<Page<CompanyUserRow>> {
  await assertCompanyExists(deps.db, companyId);
  const where = companyPeople(companyId, query.searchValue);
  const rows = await deps.db
    .select({ user: users, totpConfirmedAt: userTotp.confirmedAt })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(users).where(where);
  return {
    total,
    data: rows.map((r) => ({ ...toCompanyUserItem(r.user), totpEnabled: r.totpConfirmedAt !== null })),
  };
}

/** Every user the list would show, for the CSV export. */
export async function allCompanyUsers(deps: Deps, companyId: number, searchValue?: string): Promise<CompanyUserItem[]> {
  await assertCompanyExists(deps.db, companyId);
  const rows = await deps.db
    .select()
    .from(users)
    .where(companyPeople(companyId, searchValue))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toCompanyUserItem);
}

/**
 * GET /company/users/not/study: enabled project users of the company who are not yet members of the project,
 * for the add-member picker. The project must belong to the same company.
 */
export async function usersNotInProject(
  deps: Deps,
  companyId: number,
  query: { studyId: number; searchValue?: string },
): Promise<CompanyUserItem[]> {
  const [project] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, query.studyId), eq(projects.companyId, companyId)));
  if (!project) fail('not_found');
  const memberOf = deps.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.projectId, project.id), eq(members.userId, users.id)));
  const rows = await deps.db
    .select()
    .from(users)
    .where(
      and(
        companyPeople(companyId, query.searchValue),
        eq(users.userType, UserType.Project),
        eq(users.enabled, true),
        // An account an inspector invitation made is for reading one library, never a member (issue 25).
        ne(users.origin, UserOrigin.Inspector),
        notExists(memberOf),
      ),
    )
    .orderBy(users.name, users.id);
  return rows.map(toCompanyUserItem);
}

/** POST /company/user: a project user (type 3) of the company; the temporary password goes to their mailbox only. */
export async function createCompanyUser(
  deps: Deps,
  ctx: Pick<RequestBase, 'actor' | 'lang'>,
  { companyId, input }: { companyId: number; input: CompanyUserCreateBody },
): Promise<number> {
  const { lang } = ctx;
  const { user, password } = await deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    const created = await insertAccount(tx, {
      email: input.email,
      name: input.userName,
      mobile: input.mobile,
      enabled: input.enabled,
      userType: UserType.Project,
      companyId,
      isCompanyManager: false,
      lang,
    });
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.UserChange,
      objectType: 'user',
      objectId: created.user.id,
      newValue: accountSnapshot(created.user),
      reason: 'user created',
    });
    return created;
  });
  await mailPassword(deps, { kind: 'created', lang, to: { name: user.name, email: user.email }, password });
  return user.id;
}

/**
 * POST /company/user/a: name, mobile and enabled. An omitted field stays, an empty mobile clears it. Disabling
 * ends the user's sessions in the same transaction, so the account is out at once, not at its next idle limit.
 */
export async function editCompanyUser(
  deps: Deps,
  ctx: ActorContext,
  { ownCompanyId, input }: { ownCompanyId: number | null; input: CompanyUserEditBody },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockCompanyUser(tx, input.userId, ownCompanyId);
    const next = {
      name: input.userName,
      mobile: input.mobile === undefined ? before.mobile : input.mobile || null,
      enabled: input.enabled ?? before.enabled,
    };
    if (next.name === before.name && next.mobile === before.mobile && next.enabled === before.enabled) return;
    if (!next.enabled && before.id === ctx.actor.actorId) fail('cannot_disable_self');
    const [after] = await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    if (before.enabled && !after.enabled) await revokeSessions(tx, [after.id], 'user_disabled');
    await recordTrail(tx, inCompany(ctx.actor, before.companyId), {
      type: TrailType.UserChange,
      objectType: 'user',
      objectId: after.id,
      oldValue: accountSnapshot(before),
      newValue: accountSnapshot(after),
      reason: before.enabled === after.enabled ? null : after.enabled ? 'user enabled' : 'user disabled',
    });
  });
}

/**
 * POST /company/user/reset/:userId: a new temporary password, e-mailed to the user only (in their own language);
 * it must be changed at the next sign-in, and every session of the user ends.
 */
export async function resetCompanyUserPassword(
  deps: Deps,
  ctx: ActorContext,
  { ownCompanyId, userId }: { ownCompanyId: number | null; userId: number },
): Promise<void> {
  const password = randomPassword();
  const user = await deps.db.transaction(async (tx) => {
    const target = await lockCompanyUser(tx, userId, ownCompanyId);
    await setPassword(tx, target.id, password, { mustChange: true, revokeReason: 'admin_reset' });
    await recordTrail(tx, inCompany(ctx.actor, target.companyId), {
      type: TrailType.PasswordReset,
      objectType: 'user',
      objectId: target.id,
      oldValue: { mustChangePassword: target.mustChangePassword },
      newValue: { mustChangePassword: true },
      reason: 'administrator reset',
    });
    return target;
  });
  const to = { name: user.name, email: user.email };
  await mailPassword(deps, { kind: 'reset', lang: user.lang as Lang, to, password });
}
