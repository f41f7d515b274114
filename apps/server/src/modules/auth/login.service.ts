import type { LoginBody, LoginData } from '@edoc/contract/auth';
import { ApprovalStatus, TrailType, type Lang } from '@edoc/contract/enums';
import { CHANGE_TOKEN_MINUTES } from '@edoc/contract/limits';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { passwordChangeTokens } from '../../db/schema/sign-in.ts';
import { users } from '../../db/schema/users.ts';
import type { ErrorCode } from '@edoc/contract/errors';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { checkPassword, hashPassword } from './password.service.ts';
import { accountKey, clearFailures, countFailure, guardSignIn, tellOwner } from './sign-in-guard.ts';
import type { CallerContext, ClientInfo } from '../../plugins/context.ts';
import { sessionIdOf } from '../../plugins/auth.ts';

type UserRow = typeof users.$inferSelect;

/**
 * What other modules decide between the password and the session (issue 29): whether the user's company still lets
 * them sign in by password (modules/sso), and whether a second factor is due first (modules/totp, which answers with a
 * challenge instead of a session). They are handed in by app.ts (useSignInSteps) because those modules build on this
 * one; until then sign-in refuses, so no path can skip them.
 */
export interface SignInSteps {
  passwordAllowed(deps: Deps, user: UserRow): Promise<boolean>;
  secondFactor(deps: Deps, user: UserRow, lang: Lang): Promise<void>;
}
let signInSteps: SignInSteps | null = null;
export function useSignInSteps(steps: SignInSteps): void {
  signInSteps = steps;
}

// Verified against when the e-mail is unknown, so both answers take the same time (no account discovery).
const decoyHash = hashPassword('decoy-password-1!');

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(deps: Pick<Deps, 'db'>, email: string): Promise<UserRow | undefined> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return user;
}

/** Records a refused sign-in in the trail and answers with the given code (also a wrong second-factor code). */
export async function refuse(
  deps: Deps,
  client: ClientInfo,
  code: ErrorCode,
  user: UserRow | undefined,
  email: string,
  failure?: { account: string; failedHere: number },
): Promise<never> {
  let shutOut = false;
  await deps.db.transaction(async (tx) => {
    if (failure) shutOut = await countFailure(tx, { ...failure, ip: client.ip });
    await recordTrail(
      tx,
      { actorId: user?.id ?? null, actorName: user?.name ?? null, companyId: user?.companyId ?? null, ip: client.ip },
      {
        type: TrailType.LoginFailure,
        objectType: 'user',
        objectId: user?.id ?? null,
        newValue: { email },
        reason: shutOut ? 'too_many_wrong_passwords' : code,
      },
    );
  });
  if (shutOut && user) await tellOwner(deps, user, client.ip);
  return fail(shutOut ? 'too_many_wrong_passwords' : code);
}

/**
 * Checks e-mail and password (DESIGN §4, issue 9): the per-address throttle and the per-account-and-source lock
 * with its slowdown (sign-in-guard.ts), one answer for an unknown e-mail and a wrong password. Returns the user;
 * refusals are trailed. Used by sign-in, the password change and electronic signing alike.
 */
export async function verifyCredentials(
  deps: Deps,
  { email, password, client }: { email: string; password: string; client: ClientInfo },
): Promise<UserRow> {
  const account = accountKey(normaliseEmail(email));
  const { failedHere } = await guardSignIn(deps, account, client.ip);
  const user = await findUserByEmail(deps, email);
  const passwordOk = user
    ? await checkPassword(user.passwordHash, password)
    : await checkPassword(await decoyHash, password).then(() => false);
  if (!user || !passwordOk) return refuse(deps, client, 'wrong_credentials', user, email, { account, failedHere });
  if (failedHere > 0) await clearFailures(deps, account, client.ip);
  if (!user.enabled) return refuse(deps, client, 'user_disabled', user, email);
  // A disabled company shuts out all of its people at once; their own enabled flags stay as they were.
  if (user.companyId !== null) {
    const [company] = await deps.db
      .select({ enabled: companies.enabled })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    if (!company?.enabled) return refuse(deps, client, 'user_disabled', user, email);
  }
  if (user.approvalStatus !== ApprovalStatus.Passed) return refuse(deps, client, 'user_pending_approval', user, email);
  return user;
}

/**
 * The forced change (new, reset or expired password): the answer carries a short-lived single-use change token,
 * so /user/modify_password needs neither the password again nor a captcha, and guesses nothing (issue 9).
 */
async function forcedChange(
  deps: Deps,
  client: ClientInfo,
  code: ErrorCode,
  user: UserRow,
  email: string,
): Promise<never> {
  const changeToken = randomToken();
  await deps.db.insert(passwordChangeTokens).values({
    tokenHash: sha256(changeToken),
    userId: user.id,
    expiresAt: new Date(Date.now() + CHANGE_TOKEN_MINUTES * 60_000),
  });
  return refuse(deps, client, code, user, email).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(err.code, err.params, { changeToken }) : err;
  });
}

/** SPEC §4 login flow: server-checked code, then credentials, then the forced change of a new, reset or expired password. */
export async function login(deps: Deps, input: LoginBody, client: ClientInfo): Promise<LoginData> {
  const email = normaliseEmail(input.email);
  if (deps.config.LOGIN_CAPTCHA) {
    if (!input.captchaCode) fail('required', { field: 'captchaCode' });
    if (!(await consumeCaptcha(deps.db, input.captchaId, input.captchaCode))) fail('verification_code_error');
  }
  const user = await verifyCredentials(deps, { email, password: input.password, client });
  if (!signInSteps) throw new Error('sign-in steps not registered (app.ts useSignInSteps)');
  // A company that signs in by SSO only (issue 29 part 1); the system administrator always keeps the password.
  if (!(await signInSteps.passwordAllowed(deps, user))) await refuse(deps, client, 'password_sign_in_off', user, email);
  if (user.mustChangePassword) await forcedChange(deps, client, 'user_inactivated', user, email);
  const maxAgeMs = deps.config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
  if (Date.now() - user.passwordChangedAt.getTime() > maxAgeMs)
    await forcedChange(deps, client, 'password_expired', user, email);
  await signInSteps.secondFactor(deps, user, input.lang ?? (user.lang as Lang));
  return openSession(deps, user, input.lang, client);
}

/** A new session for a user who has proved who they are (password, or password and second factor). */
export async function openSession(
  deps: Deps,
  user: UserRow,
  wantedLang: Lang | undefined,
  client: ClientInfo,
  authMethod = 'password',
): Promise<LoginData> {
  const email = user.email;
  const token = randomToken();
  const lang: Lang = wantedLang ?? (user.lang as Lang);
  const company = user.companyId
    ? (await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId)))[0]
    : undefined;
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lang }).where(eq(users.id, user.id));
    const [session] = await tx
      .insert(sessions)
      .values({
        tokenHash: sha256(token),
        userId: user.id,
        lang,
        idleMinutes: deps.config.SESSION_IDLE_MINUTES,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512),
        authMethod,
      })
      .returning({ id: sessions.id });
    await recordTrail(
      tx,
      { actorId: user.id, actorName: user.name, companyId: user.companyId, ip: client.ip },
      {
        type: TrailType.Login,
        objectType: 'session',
        objectId: session.id,
        newValue: { email, userAgent: client.userAgent ?? null },
      },
    );
  });
  return {
    token,
    userName: user.name,
    userId: user.id,
    email: user.email,
    userType: user.userType,
    companyId: user.companyId,
    companyName: company?.name ?? null,
    lang,
    idleMinutes: deps.config.SESSION_IDLE_MINUTES,
  };
}

export async function logout(deps: Deps, ctx: CallerContext): Promise<void> {
  const sessionId = sessionIdOf(ctx.auth);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: 'logout' })
      .where(eq(sessions.id, sessionId));
    await recordTrail(tx, ctx.actor, { type: TrailType.Logout, objectType: 'session', objectId: sessionId });
  });
}
