import type { Lang } from '@edoc/contract/enums';
import {
  IP_FAILED_LOGINS,
  IP_WINDOW_MINUTES,
  LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  SLOWDOWN_MAX_MS,
  SLOWDOWN_START_MS,
} from '@edoc/contract/limits';
import { and, count, eq, gt } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/sign-in.ts';
import { countSignInFailure } from '../metrics/metrics.ts';
import { fail } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';

/**
 * Who may still guess a password (issue 9, 21 CFR 11.300(d)). Failures are counted per account and source
 * (address): five wrong passwords shut that source out of that account for an hour; other sources — the owner's —
 * are only slowed down, never locked out; the owner is told by e-mail. An unknown e-mail is counted exactly like a
 * known one, so "locked" tells nothing about whether an account exists.
 */
export const accountKey = (normalisedEmail: string) => sha256(normalisedEmail);

const since = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Refuses a source that failed too often: per address overall, and per account from this address. */
export async function guardSignIn(
  deps: Pick<Deps, 'db'>,
  account: string,
  ip: string,
): Promise<{ failedHere: number }> {
  const [byIp] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since(IP_WINDOW_MINUTES))));
  if (byIp.n >= IP_FAILED_LOGINS) fail('too_many_requests');
  const recent = await deps.db
    .select({ ip: loginFailures.ip })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.at, since(LOCKOUT_MINUTES))));
  const failedHere = recent.filter((r) => r.ip === ip).length;
  if (failedHere >= MAX_FAILED_LOGINS) fail('too_many_wrong_passwords');
  // Guessing from many addresses: each try waits longer, capped.
  const beyond = recent.length - MAX_FAILED_LOGINS;
  if (beyond >= 0) await sleep(Math.min(SLOWDOWN_START_MS * 2 ** beyond, SLOWDOWN_MAX_MS));
  return { failedHere };
}

/** Counts a wrong password; true when this one shuts the source out (the caller answers and tells the owner). */
export async function countFailure(
  tx: Tx | Db,
  { account, ip, failedHere }: { account: string; ip: string; failedHere: number },
): Promise<boolean> {
  await tx.insert(loginFailures).values({ ip, account });
  countSignInFailure();
  return failedHere + 1 >= MAX_FAILED_LOGINS;
}

/** A correct password from a source clears that source's count for the account (others keep theirs). */
export async function clearFailures(deps: Pick<Deps, 'db'>, account: string, ip: string): Promise<void> {
  await deps.db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
}

const lockMail = (lang: Lang, ip: string, at: Date) =>
  lang === 'en-US'
    ? {
        subject: 'edoc: wrong passwords for your account',
        text:
          `${MAX_FAILED_LOGINS} wrong passwords were given for your edoc account from the address ${ip} ` +
          `(last at ${at.toISOString()} UTC). Signing in from that address is blocked for ${LOCKOUT_MINUTES} ` +
          `minutes; you can still sign in from your usual place.\nIf this was not you, change your password.`,
      }
    : {
        subject: 'edoc：您的账号密码多次输入错误',
        text:
          `您的 edoc 账号在地址 ${ip} 被输入错误密码 ${MAX_FAILED_LOGINS} 次（最近一次 ${at.toISOString()} UTC）。` +
          `该地址在 ${LOCKOUT_MINUTES} 分钟内不能登录；您在常用地点仍可登录。\n如非本人操作，请修改密码。`,
      };

/** Tells the owner that a source was shut out of their account. */
export async function tellOwner(
  deps: Pick<Deps, 'jobs'>,
  user: { email: string; lang: string },
  ip: string,
): Promise<void> {
  await sendMail(deps.jobs, { to: user.email, ...lockMail(user.lang as Lang, ip, new Date()) });
}
