import type { LoginBody, LoginData } from '@edoc/contract/auth';
import { TrailType, type Lang } from '@edoc/contract/enums';
import { IP_FAILED_LOGINS, IP_WINDOW_MINUTES, LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '@edoc/contract/limits';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { loginFailures } from '../../db/schema/sign-in.ts';
import { users } from '../../db/schema/users.ts';
import type { ErrorCode } from '@edoc/contract/errors';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail } from '../trail/trail.service.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { checkPassword, hashPassword } from './password.service.ts';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

type UserRow = typeof users.$inferSelect;

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

async function throttleIp(deps: Pick<Deps, 'db'>, ip: string): Promise<void> {
  const since = new Date(Date.now() - IP_WINDOW_MINUTES * 60_000);
  const [row] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  if (row.n >= IP_FAILED_LOGINS) fail('too_many_requests');
}

/** Records a refused sign-in (trail + IP counter) and answers with the given code. */
async function refuse(
  deps: Pick<Deps, 'db'>,
  client: ClientInfo,
  code: ErrorCode,
  user: UserRow | undefined,
  email: string,
  lock?: { failedLogins: number; lockedUntil: Date | null },
): Promise<never> {
  await deps.db.transaction(async (tx) => {
    if (user && lock) await tx.update(users).set(lock).where(eq(users.id, user.id));
    if (code === 'wrong_credentials' || code === 'too_many_wrong_passwords') {
      await tx.insert(loginFailures).values({ ip: client.ip });
    }
    await recordTrail(
      tx,
      { actorId: user?.id ?? null, actorName: user?.name ?? null, companyId: user?.companyId ?? null, ip: client.ip },
      {
        type: TrailType.LoginFailure,
        objectType: 'user',
        objectId: user?.id ?? null,
        newValue: { email },
        reason: code,
      },
    );
  });
  return fail(code);
}

/**
 * Checks e-mail and password with the DESIGN §4 rules: per-IP throttle, one answer for an unknown e-mail and
 * a wrong password, a one-hour lock after five failures. Returns the user; refusals are trailed.
 */
export async function verifyCredentials(
  deps: Deps,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<UserRow> {
  await throttleIp(deps, client.ip);
  const user = await findUserByEmail(deps, email);
  if (!user) {
    await checkPassword(await decoyHash, password);
    return refuse(deps, client, 'wrong_credentials', undefined, email);
  }
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    return refuse(deps, client, 'too_many_wrong_passwords', user, email);
  }
  // A lock that has run out starts a fresh count.
  const failedSoFar = user.lockedUntil ? 0 : user.failedLogins;
  if (!(await checkPassword(user.passwordHash, password))) {
    const failed = failedSoFar + 1;
    const locks = failed >= MAX_FAILED_LOGINS;
    return refuse(deps, client, locks ? 'too_many_wrong_passwords' : 'wrong_credentials', user, email, {
      failedLogins: locks ? 0 : failed,
      lockedUntil: locks ? new Date(now + LOCKOUT_MINUTES * 60_000) : null,
    });
  }
  if (user.failedLogins > 0 || user.lockedUntil) {
    await deps.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  if (!user.enabled) return refuse(deps, client, 'user_disabled', user, email);
  // A disabled company shuts out all of its people at once; their own enabled flags stay as they were.
  if (user.companyId !== null) {
    const [company] = await deps.db
      .select({ enabled: companies.enabled })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    if (!company?.enabled) return refuse(deps, client, 'user_disabled', user, email);
  }
  if (user.approvalStatus !== 1) return refuse(deps, client, 'user_pending_approval', user, email);
  return user;
}

/** SPEC §4 login flow: server-checked code, then credentials, then the forced change of a new, reset or expired password. */
export async function login(deps: Deps, input: LoginBody, client: ClientInfo): Promise<LoginData> {
  const email = normaliseEmail(input.email);
  if (deps.config.LOGIN_CAPTCHA) {
    if (!input.captchaCode) fail('required', { field: 'captchaCode' });
    if (!(await consumeCaptcha(deps.db, input.captchaId, input.captchaCode))) fail('verification_code_error');
  }
  const user = await verifyCredentials(deps, email, input.password, client);
  if (user.mustChangePassword) return refuse(deps, client, 'user_inactivated', user, email);
  const maxAgeMs = deps.config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
  if (Date.now() - user.passwordChangedAt.getTime() > maxAgeMs)
    return refuse(deps, client, 'password_expired', user, email);

  const token = randomToken();
  const lang: Lang = input.lang ?? (user.lang as Lang);
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

export async function logout(deps: Deps, sessionId: number, actor: Parameters<typeof recordTrail>[1]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: 'logout' })
      .where(eq(sessions.id, sessionId));
    await recordTrail(tx, actor, { type: TrailType.Logout, objectType: 'session', objectId: sessionId });
  });
}
