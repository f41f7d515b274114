import type { ForgetPasswordBody, ModifyPasswordBody } from '@edoc/contract/auth';
import { TrailType, type Lang } from '@edoc/contract/enums';
import { RESET_CODE_COOLDOWN_SECONDS, RESET_CODE_TTL_SECONDS } from '@edoc/contract/limits';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { passwordChangeTokens, resetCodes } from '../../db/schema/sign-in.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomDigits, sameHash, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import type { ClientInfo, PublicContext } from '../../plugins/context.ts';
import { findUserByEmail, normaliseEmail, verifyCredentials } from './login.service.ts';
import { assertNewPassword, setPassword } from './password.service.ts';

const MAX_CODE_ATTEMPTS = 5;

/**
 * POST /user/modify_password (issue 9): the forced change with the change token /login answered (claimed once,
 * within its minutes, only if the new password is accepted), or a signed-in user's own change with the current
 * password, checked like a sign-in so wrong guesses count towards the lock.
 */
export async function modifyPassword(deps: Deps, ctx: PublicContext, input: ModifyPasswordBody): Promise<void> {
  const { client } = ctx;
  let userId: number;
  if (input.changeToken) {
    const [row] = await deps.db
      .select({ userId: passwordChangeTokens.userId })
      .from(passwordChangeTokens)
      .where(
        and(
          eq(passwordChangeTokens.tokenHash, sha256(input.changeToken)),
          isNull(passwordChangeTokens.usedAt),
          gt(passwordChangeTokens.expiresAt, new Date()),
        ),
      );
    if (!row) fail('session_expired');
    userId = row.userId;
  } else {
    if (!ctx.auth) fail('unauthorized');
    // Issue 12, defect 1: a signed-in caller's wrong current password is a field error (400), not 401, which the
    // web rightly takes as "signed out". It still counts towards the lock, as a wrong sign-in does.
    const credentials = { email: ctx.auth.user.email, password: input.password ?? '', client };
    const user = await verifyCredentials(deps, credentials).catch((err: unknown) =>
      err instanceof AppError && err.code === 'wrong_credentials' ? fail('wrong_password') : Promise.reject(err),
    );
    userId = user.id;
  }
  await deps.db.transaction(async (tx) => {
    if (input.changeToken) {
      const claimed = await tx
        .update(passwordChangeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordChangeTokens.tokenHash, sha256(input.changeToken)), isNull(passwordChangeTokens.usedAt)))
        .returning({ userId: passwordChangeTokens.userId });
      if (claimed.length === 0) fail('do_not_resubmit');
    }
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await assertNewPassword(tx, user.id, input.newPassword);
    await setPassword(tx, user.id, input.newPassword, { mustChange: false, revokeReason: 'password_change' });
    await recordTrail(
      tx,
      { actorId: user.id, actorName: user.name, companyId: user.companyId, ip: client.ip },
      { type: TrailType.PasswordChange, objectType: 'user', objectId: user.id },
    );
  });
}

const codeMail = (lang: Lang, code: string) =>
  lang === 'en-US'
    ? {
        subject: 'edoc password reset code',
        text: `Your edoc verification code is ${code}. It is valid for 10 minutes.\nIf you did not ask for it, ignore this message.`,
      }
    : {
        subject: 'edoc 重置密码验证码',
        text: `您的 edoc 验证码是 ${code}，10 分钟内有效。\n如非本人操作，请忽略此邮件。`,
      };

/**
 * GET /user/pwd/verify/code: e-mails a code. The answer is the same whether or not the address is known,
 * and within the cooldown no second code is sent.
 */
export async function requestResetCode(deps: Deps, emailInput: string, lang: Lang): Promise<void> {
  const email = normaliseEmail(emailInput);
  const since = new Date(Date.now() - RESET_CODE_COOLDOWN_SECONDS * 1000);
  const [recent] = await deps.db
    .select({ id: resetCodes.id })
    .from(resetCodes)
    .where(and(eq(resetCodes.email, email), gt(resetCodes.createdAt, since)))
    .limit(1);
  if (recent) return;
  const user = await findUserByEmail(deps, email);
  const mayReset = !!user && user.enabled;
  // An address nobody may reset gets a code too, never sent: /forget_password then answers it like any other.
  const code = randomDigits(6);
  await deps.db.insert(resetCodes).values({
    userId: mayReset ? user.id : null,
    email,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000),
  });
  if (mayReset) await sendMail(deps.jobs, { to: user.email, ...codeMail(lang, code) });
}

/** POST /forget_password: the e-mailed code resets the password and ends every session of the user. */
export async function forgetPassword(deps: Deps, input: ForgetPasswordBody, client: ClientInfo): Promise<void> {
  // Asked by address, not by account: a known and an unknown address answer alike (issue 9).
  const [code] = await deps.db
    .select()
    .from(resetCodes)
    .where(and(eq(resetCodes.email, normaliseEmail(input.email)), isNull(resetCodes.usedAt)))
    .orderBy(desc(resetCodes.id))
    .limit(1);
  if (!code) fail('get_code_first');
  // Each guess claims an attempt before it is compared, in one statement: twenty guesses at once still get only
  // MAX_CODE_ATTEMPTS comparisons (issue 9), the right one included.
  const attempt = await deps.db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(
      and(
        eq(resetCodes.id, code.id),
        isNull(resetCodes.usedAt),
        gt(resetCodes.expiresAt, new Date()),
        lt(resetCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: resetCodes.id });
  if (attempt.length === 0 || !sameHash(code.codeHash, sha256(input.code))) fail('verification_code_error');
  const [user] = code.userId === null ? [] : await deps.db.select().from(users).where(eq(users.id, code.userId));
  if (!user) fail('verification_code_error');
  await deps.db.transaction(async (tx) => {
    // Claiming the code inside the transaction makes a double submit fail instead of resetting twice.
    const claimed = await tx
      .update(resetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(resetCodes.id, code.id), isNull(resetCodes.usedAt)))
      .returning({ id: resetCodes.id });
    if (claimed.length === 0) fail('do_not_resubmit');
    await assertNewPassword(tx, user.id, input.newPassword);
    await setPassword(tx, user.id, input.newPassword, { mustChange: false, revokeReason: 'password_reset' });
    await recordTrail(
      tx,
      { actorId: user.id, actorName: user.name, companyId: user.companyId, ip: client.ip },
      { type: TrailType.PasswordReset, objectType: 'user', objectId: user.id, reason: 'forgotten password' },
    );
  });
}
