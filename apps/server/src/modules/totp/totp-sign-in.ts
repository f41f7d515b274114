import type { LoginData } from '@edoc/contract/auth';
import type { Lang } from '@edoc/contract/enums';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '@edoc/contract/limits';
import type { LoginTotpBody, LoginTotpConfirmBody, TotpEnrolment } from '@edoc/contract/totp';
import { and, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { totpChallenges } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ClientInfo } from '../../plugins/context.ts';
import { openSession, refuse } from '../auth/login.service.ts';
import { accountKey, guardSignIn } from '../auth/sign-in-guard.ts';
import { actorOf, confirmFactor, trailFactor } from './totp.service.ts';
import { acceptCode, factorRequired, startEnrolment, stateOf, totpOf, useRecoveryCode } from './totp-store.ts';

type UserRow = typeof users.$inferSelect;

/** Challenge tokens live five minutes and are used once (docs/identity.md part 3). */
export const CHALLENGE_MINUTES = 5;

/**
 * The step after a right password (called by login): a user with a confirmed factor, or one the company's policy
 * asks a factor of, gets no session yet but a challenge, answered as the forced password change answers (an error
 * carrying data), so the web's login flow keeps one shape: `totp_required` with { challenge, enrol }.
 */
export async function secondFactorStep(deps: Deps, user: UserRow, lang: Lang): Promise<void> {
  const row = await totpOf(deps.db, user.id);
  const confirmed = !!row?.confirmedAt;
  if (!confirmed && !(await factorRequired(deps.db, user))) return;
  const challenge = randomToken();
  await deps.db.insert(totpChallenges).values({
    tokenHash: sha256(challenge),
    userId: user.id,
    lang,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  throw new AppError('totp_required', {}, { challenge, enrol: !confirmed });
}

/** Wrong codes given on the user's challenges within the lock's window. */
async function wrongOnChallenges(tx: Tx, userId: number): Promise<number> {
  const [wrong] = await tx
    .select({ n: sum(totpChallenges.attempts).mapWith(Number) })
    .from(totpChallenges)
    .where(
      and(
        eq(totpChallenges.userId, userId),
        gt(totpChallenges.expiresAt, new Date(Date.now() - LOCKOUT_MINUTES * 60_000)),
      ),
    );
  return wrong.n ?? 0;
}

/**
 * The live challenge, locked, with its user. Wrong codes are counted on the challenges too: a right password clears
 * the per-source count (sign-in-guard.ts), so without this one a guesser holding the password could sign in again
 * between guesses; the user's challenges of the lock's window together allow MAX_FAILED_LOGINS wrong codes.
 */
async function liveChallenge(tx: Tx, token: string) {
  const [challenge] = await tx
    .select()
    .from(totpChallenges)
    .where(
      and(
        eq(totpChallenges.tokenHash, sha256(token)),
        isNull(totpChallenges.usedAt),
        gt(totpChallenges.expiresAt, new Date()),
      ),
    )
    .for('update');
  if (!challenge) fail('totp_challenge_invalid');
  const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId));
  if (!user?.enabled) fail('totp_challenge_invalid');
  if ((await wrongOnChallenges(tx, user.id)) >= MAX_FAILED_LOGINS) fail('too_many_wrong_passwords');
  return { challenge, user };
}

const useChallenge = (tx: Tx, tokenHash: string) =>
  tx.update(totpChallenges).set({ usedAt: new Date() }).where(eq(totpChallenges.tokenHash, tokenHash));

/**
 * A wrong code: counted on the challenge and, as a wrong password, towards this source's lock; trailed. The one that
 * reaches MAX_FAILED_LOGINS over the user's challenges shuts out as the fifth wrong password does (and tells the owner).
 */
async function wrongCode(
  deps: Deps,
  client: ClientInfo,
  user: UserRow,
  tokenHash: string,
  code: 'totp_code_wrong' | 'recovery_code_wrong',
) {
  await deps.db
    .update(totpChallenges)
    .set({ attempts: sql`${totpChallenges.attempts} + 1` })
    .where(eq(totpChallenges.tokenHash, tokenHash));
  const account = accountKey(user.email);
  const { failedHere } = await guardSignIn(deps, account, client.ip);
  const onChallenges = await wrongOnChallenges(deps.db, user.id);
  const counted = onChallenges >= MAX_FAILED_LOGINS ? Math.max(failedHere, MAX_FAILED_LOGINS - 1) : failedHere;
  return refuse(deps, client, code, user, user.email, { account, failedHere: counted });
}

/** POST /login/totp: the challenge with a code or a recovery code → the session (auth_method 'totp'). */
export async function loginWithTotp(deps: Deps, body: LoginTotpBody, client: ClientInfo): Promise<LoginData> {
  const outcome = await deps.db.transaction(async (tx) => {
    const { challenge, user } = await liveChallenge(tx, body.challenge);
    const row = await totpOf(tx, user.id, true);
    if (!row?.confirmedAt) fail('totp_not_enrolled');
    const ok = body.code
      ? await acceptCode(tx, row, body.code)
      : await useRecoveryCode(tx, user.id, body.recoveryCode ?? '');
    if (ok) {
      await useChallenge(tx, challenge.tokenHash);
      if (!body.code) {
        const after = await stateOf(tx, user.id);
        const before = { ...after, recoveryCodesLeft: after.recoveryCodesLeft + 1 };
        await trailFactor(tx, actorOf(user, client), user.id, [before, after], 'recovery code used');
      }
    }
    return { ok, user, challenge };
  });
  const { ok, user, challenge } = outcome;
  if (!ok)
    return wrongCode(deps, client, user, challenge.tokenHash, body.code ? 'totp_code_wrong' : 'recovery_code_wrong');
  return openSession(deps, user, challenge.lang as Lang, client, 'totp');
}

/** POST /login/totp/enrol: the policy asks a factor the user lacks; the challenge lets them set one up. */
export async function loginEnrol(deps: Deps, challengeToken: string, client: ClientInfo): Promise<TotpEnrolment> {
  return deps.db.transaction(async (tx) => {
    const { user } = await liveChallenge(tx, challengeToken);
    const row = await totpOf(tx, user.id, true);
    if (row?.confirmedAt) fail('totp_already_enrolled');
    if (!(await factorRequired(tx, user))) fail('totp_enrolment_not_needed');
    const before = await stateOf(tx, user.id);
    const enrolment = await startEnrolment(tx, user);
    const after = await stateOf(tx, user.id);
    await trailFactor(tx, actorOf(user, client), user.id, [before, after], 'enrolment started at sign-in');
    return enrolment;
  });
}

/** POST /login/totp/confirm: the first code confirms the factor, the recovery codes are answered once, then the session. */
export async function loginConfirm(deps: Deps, body: LoginTotpConfirmBody, client: ClientInfo) {
  const outcome = await deps.db.transaction(async (tx) => {
    const { challenge, user } = await liveChallenge(tx, body.challenge);
    const recoveryCodes = await confirmFactor(tx, actorOf(user, client), user.id, body.code);
    if (recoveryCodes) await useChallenge(tx, challenge.tokenHash);
    return { recoveryCodes, user, challenge };
  });
  const { recoveryCodes, user, challenge } = outcome;
  if (!recoveryCodes) return wrongCode(deps, client, user, challenge.tokenHash, 'totp_code_wrong');
  const session = await openSession(deps, user, challenge.lang as Lang, client, 'totp');
  return { recoveryCodes, session };
}

/**
 * Electronic signing (21 CFR 11.200): a user with a confirmed factor gives the current code as well as the password.
 * Checked before the password, so wrong codes add up towards the lock (a right password clears the count).
 */
export async function signingSecondFactor(
  deps: Deps,
  signer: { id: number; companyId: number | null },
  code: string | undefined,
  client: ClientInfo,
): Promise<void> {
  const row = await totpOf(deps.db, signer.id);
  if (!row?.confirmedAt) {
    // The policy holds at signing too: one made (or a role given) after this sign-in would else let the password
    // alone sign until the next sign-in, which is where the factor would have been asked.
    if (await factorRequired(deps.db, signer)) fail('totp_required_to_sign', { field: 'totpCode' });
    return;
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, signer.id));
  const account = accountKey(user.email);
  const { failedHere } = await guardSignIn(deps, account, client.ip);
  if (!code) fail('required', { field: 'totpCode' });
  const ok = await deps.db.transaction(async (tx) => {
    const locked = await totpOf(tx, user.id, true);
    return !!locked && acceptCode(tx, locked, code);
  });
  if (!ok) await refuse(deps, client, 'totp_code_wrong', user, user.email, { account, failedHere });
}
