import { isUniqueViolation } from '../../db/errors.ts';
import type { CompanyUserItem } from '@edoc/contract/company';
import { ApprovalStatus, UserOrigin, type Lang } from '@edoc/contract/enums';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { passwordHistory, users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { randomPassword } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';
import { normaliseEmail } from '../auth/login.service.ts';
import { hashPassword } from '../auth/password.service.ts';
import type { TrailActor } from '../../trail/trail.service.ts';

export type UserRow = typeof users.$inferSelect;

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return !!taken;
}

/** For administrators adding accounts (they may know who has one): 'e-mail already registered'. */
export async function assertEmailFree(tx: Tx, email: string): Promise<void> {
  if (await emailTaken(tx, email)) fail('email_registered');
}

/**
 * Inserts an account made by an administrator: a random password that only the user's mailbox sees, changed
 * at first sign-in. The password is returned to the caller for the mail and must go nowhere else.
 */
export async function insertAccount(
  tx: Tx,
  values: {
    email: string;
    name: string;
    userType: number;
    companyId: number;
    isCompanyManager: boolean;
    mobile?: string | null;
    enabled?: boolean;
    lang: Lang;
    /** Default: made by an administrator. */
    origin?: number;
    /** Default true: the first password is a random one someone was told. */
    mustChangePassword?: boolean;
  },
): Promise<{ user: UserRow; password: string }> {
  await assertEmailFree(tx, values.email);
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const [user] = await tx
    .insert(users)
    .values({
      ...values,
      email: normaliseEmail(values.email),
      mobile: values.mobile || null,
      enabled: values.enabled ?? true,
      origin: values.origin ?? UserOrigin.Internal,
      approvalStatus: ApprovalStatus.Passed,
      mustChangePassword: values.mustChangePassword ?? true,
      passwordHash,
    })
    .returning()
    .catch((err: unknown) => (isUniqueViolation(err) ? fail('email_registered') : Promise.reject(err)));
  await tx.insert(passwordHistory).values({ userId: user.id, passwordHash });
  return { user, password };
}

/** Ends every open session of the given users (disable, company disable). */
export async function revokeSessions(tx: Tx, userIds: number[], reason: string): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}

/** Trail rows about a company or its people carry that company's id, so its own trail shows them whoever acted. */
export const inCompany = (actor: TrailActor, companyId: number): TrailActor => ({
  ...actor,
  companyId,
  projectId: null,
});

/** What the trail keeps of an account: never the password or its hash. */
export const accountSnapshot = (u: UserRow) => ({
  email: u.email,
  userName: u.name,
  mobile: u.mobile,
  userType: u.userType,
  companyId: u.companyId,
  isCompanyManager: u.isCompanyManager,
  enabled: u.enabled,
  origin: u.origin,
  approvalStatus: u.approvalStatus,
  approvalReason: u.approvalReason,
});

export const toCompanyUserItem = (u: UserRow): CompanyUserItem => ({
  userId: u.id,
  email: u.email,
  userName: u.name,
  userType: u.userType,
  companyId: u.companyId ?? 0,
  isCompanyManager: u.isCompanyManager,
  enabled: u.enabled,
  origin: u.origin,
  approvalStatus: u.approvalStatus,
  mobile: u.mobile,
  createdAt: u.createdAt.toISOString(),
});

type PasswordMailKind = 'created' | 'reset';

function passwordMail(
  kind: PasswordMailKind,
  lang: Lang,
  to: { name: string; email: string },
  password: string,
  url: string,
) {
  if (lang === 'en-US') {
    const opening =
      kind === 'created'
        ? 'an edoc account has been created for you.'
        : 'your edoc password has been reset by an administrator.';
    return {
      subject: kind === 'created' ? 'Your edoc account' : 'Your edoc password was reset',
      text:
        `Hello ${to.name},\n\n${opening}\n\nSign in at ${url}\n  E-mail: ${to.email}\n  Temporary password: ${password}\n\n` +
        'You must choose a new password when you first sign in. Nobody else has been shown this password.\n',
    };
  }
  const opening = kind === 'created' ? '已为您创建 edoc 账号。' : '管理员已重置您的 edoc 密码。';
  return {
    subject: kind === 'created' ? '您的 edoc 账号' : '您的 edoc 密码已重置',
    text: `${to.name}，您好：\n\n${opening}\n\n请访问 ${url} 登录\n  邮箱：${to.email}\n  临时密码：${password}\n\n首次登录时须修改密码。该密码未向任何其他人显示。\n`,
  };
}

/**
 * Sends a temporary password. Called after the transaction committed: a rolled-back account must not get a
 * mail, and the password never leaves the server any other way.
 */
export async function mailPassword(
  deps: Deps,
  {
    kind,
    lang,
    to,
    password,
  }: { kind: PasswordMailKind; lang: Lang; to: { name: string; email: string }; password: string },
): Promise<void> {
  await sendMail(deps.jobs, { to: to.email, ...passwordMail(kind, lang, to, password, deps.config.PUBLIC_URL) });
}
