import { TrailType } from '@edoc/contract/enums';
import type { TotpDisableBody, TotpEnrolment, TotpStatus } from '@edoc/contract/totp';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { userTotp } from '../../db/schema/identity.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CallerContext, ClientInfo, CompanyAdminContext } from '../../plugins/context.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { verifyCredentials } from '../auth/login.service.ts';
import { inCompany } from '../company/account.service.ts';
import { lockCompanyUser } from '../company/company.policy.ts';
import {
  acceptCode,
  factorRequired,
  recoveryCodesLeft,
  removeFactor,
  renewRecoveryCodes,
  startEnrolment,
  stateOf,
  totpOf,
} from './totp-store.ts';

type FactorUser = { id: number; name: string; email: string; companyId: number | null };
type FactorState = Awaited<ReturnType<typeof stateOf>>;

export const actorOf = (user: FactorUser, client: ClientInfo): TrailActor => ({
  actorId: user.id,
  actorName: user.name,
  companyId: user.companyId,
  ip: client.ip,
});

/** The trail row of a change to a user's factor, in the change's transaction. */
export async function trailFactor(
  tx: Tx,
  actor: TrailActor,
  userId: number,
  [before, after]: [FactorState, FactorState],
  reason: string,
): Promise<void> {
  await recordTrail(tx, actor, {
    type: TrailType.UserChange,
    objectType: 'user_totp',
    objectId: userId,
    oldValue: before,
    newValue: after,
    reason,
  });
}

/** The password again, as for signing: a wrong one counts towards the lock, and is a 400 (401 reads as signed out). */
async function passwordAgain(deps: Deps, ctx: CallerContext, password: string): Promise<void> {
  try {
    await verifyCredentials(deps, { email: ctx.auth.user.email, password, client: ctx.client });
  } catch (err) {
    if (err instanceof AppError && err.code === 'wrong_credentials') fail('wrong_password');
    throw err;
  }
}

export async function totpStatus(deps: Deps, ctx: CallerContext): Promise<TotpStatus> {
  const { user } = ctx.auth;
  const row = await totpOf(deps.db, user.id);
  return {
    enrolled: !!row?.confirmedAt,
    confirmedAt: row?.confirmedAt?.toISOString() ?? null,
    required: await factorRequired(deps.db, user),
    recoveryCodesLeft: row?.confirmedAt ? await recoveryCodesLeft(deps.db, user.id) : 0,
  };
}

/** POST /totp/enrol: a new secret (replacing an unconfirmed one); a confirmed factor must be turned off first. */
export async function enrolTotp(deps: Deps, ctx: CallerContext, password: string): Promise<TotpEnrolment> {
  await passwordAgain(deps, ctx, password);
  const { user } = ctx.auth;
  return deps.db.transaction(async (tx) => {
    const row = await totpOf(tx, user.id, true);
    if (row?.confirmedAt) fail('totp_already_enrolled');
    const before = await stateOf(tx, user.id);
    const enrolment = await startEnrolment(tx, user);
    await trailFactor(tx, ctx.actor, user.id, [before, await stateOf(tx, user.id)], 'enrolment started');
    return enrolment;
  });
}

/**
 * The first code confirms an enrolment: ten new recovery codes, answered once (null for a wrong code; the caller
 * counts it). Shared by the user centre and the sign-in step.
 */
export async function confirmFactor(tx: Tx, actor: TrailActor, userId: number, code: string): Promise<string[] | null> {
  const row = await totpOf(tx, userId, true);
  if (!row) fail('totp_not_enrolled');
  if (row.confirmedAt) fail('totp_already_enrolled');
  const before = await stateOf(tx, userId);
  if (!(await acceptCode(tx, row, code))) return null;
  await tx.update(userTotp).set({ confirmedAt: new Date() }).where(eq(userTotp.userId, userId));
  const codes = await renewRecoveryCodes(tx, userId);
  await trailFactor(tx, actor, userId, [before, await stateOf(tx, userId)], 'confirmed');
  return codes;
}

/** The signed-in user's own code check (confirm, new recovery codes, turning off): a wrong code is a 400. */
export async function confirmTotp(deps: Deps, ctx: CallerContext, code: string): Promise<string[]> {
  const codes = await deps.db.transaction((tx) => confirmFactor(tx, ctx.actor, ctx.auth.user.id, code));
  return codes ?? fail('totp_code_wrong');
}

export async function renewCodes(deps: Deps, ctx: CallerContext, code: string): Promise<string[]> {
  const userId = ctx.auth.user.id;
  const codes = await deps.db.transaction(async (tx) => {
    const row = await totpOf(tx, userId, true);
    if (!row?.confirmedAt) fail('totp_not_enrolled');
    if (!(await acceptCode(tx, row, code))) return null;
    const before = await stateOf(tx, userId);
    const fresh = await renewRecoveryCodes(tx, userId);
    await trailFactor(tx, ctx.actor, userId, [before, await stateOf(tx, userId)], 'recovery codes renewed');
    return fresh;
  });
  return codes ?? fail('totp_code_wrong');
}

/** POST /totp/disable: password and a code; refused while the company's policy asks a factor of the user. */
export async function disableTotp(deps: Deps, ctx: CallerContext, body: TotpDisableBody): Promise<void> {
  const { user } = ctx.auth;
  if (await factorRequired(deps.db, user)) fail('totp_required_by_policy');
  await passwordAgain(deps, ctx, body.password);
  const ok = await deps.db.transaction(async (tx) => {
    const row = await totpOf(tx, user.id, true);
    if (!row?.confirmedAt) fail('totp_not_enrolled');
    if (!(await acceptCode(tx, row, body.code))) return false;
    const before = await stateOf(tx, user.id);
    await removeFactor(tx, user.id);
    await trailFactor(tx, ctx.actor, user.id, [before, await stateOf(tx, user.id)], 'turned off');
    return true;
  });
  if (!ok) fail('totp_code_wrong');
}

/**
 * POST /totp/reset/{userId}: the phone was lost. A company administrator resets their company's users, the system
 * administrator anyone's (lockCompanyUser answers another company's user as a missing one); the user enrols again
 * at the next sign-in when the policy asks for a factor.
 */
export async function resetTotp(
  deps: Deps,
  ctx: CompanyAdminContext,
  { ownCompanyId, userId }: { ownCompanyId: number | null; userId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await lockCompanyUser(tx, userId, ownCompanyId);
    const before = await stateOf(tx, target.id);
    if (!before.enrolled) fail('totp_not_enrolled');
    await removeFactor(tx, target.id);
    await trailFactor(
      tx,
      inCompany(ctx.actor, target.companyId),
      target.id,
      [before, await stateOf(tx, target.id)],
      'administrator reset',
    );
  });
}
