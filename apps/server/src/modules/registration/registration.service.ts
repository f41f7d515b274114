import { isUniqueViolation } from '../../db/errors.ts';
import { ApprovalStatus, TrailType, UserOrigin, UserType, type Lang } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import type { ApproveBody, RegisterBody, RegisterData, RegistrationItem } from '@edoc/contract/registration';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { passwordHistory, users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendMail } from '../../mail/mailer.ts';
import type { ActorContext, RequestBase } from '../../plugins/context.ts';
import { consumeCaptcha } from '../auth/captcha.service.ts';
import { findUserByEmail, normaliseEmail } from '../auth/login.service.ts';
import { hashPassword } from '../auth/password.service.ts';
import { accountSnapshot, emailTaken, inCompany, toCompanyUserItem } from '../company/account.service.ts';
import { assertCompanyExists, lockCompanyUser } from '../company/company.policy.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { addressTakenMail, companyUnknownMail, decisionMail, newRegistrationMail } from './registration.mail.ts';

/**
 * POST /register: an external user (origin 1) asks to join an existing, enabled company. The account cannot
 * sign in (login answers user_pending_approval) until that company's administrator approves it. An unknown company
 * and a taken address answer as a registration that went through; only the address's owner learns otherwise.
 */
export async function register(
  deps: Deps,
  ctx: Pick<RequestBase, 'lang' | 'client'>,
  input: RegisterBody,
): Promise<RegisterData> {
  const { lang, client } = ctx;
  if (deps.config.LOGIN_CAPTCHA) {
    if (!input.captchaCode) fail('required', { field: 'captchaCode' });
    if (!(await consumeCaptcha(deps.db, input.captchaId, input.captchaCode))) fail('verification_code_error');
  }
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(sql`lower(trim(${companies.name})) = lower(${input.companyName})`, eq(companies.enabled, true)))
    .limit(1);
  if (!company) {
    // The same answer as a registration that went through (issue 25: company_not_found told a stranger which names
    // exist); the owner of the address is told by mail what went wrong.
    await sendMail(deps.jobs, {
      to: normaliseEmail(input.email),
      ...companyUnknownMail(lang, { company: input.companyName, url: deps.config.PUBLIC_URL }),
    });
    return { approvalStatus: ApprovalStatus.Pending };
  }
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email)) return null;
    const [created] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(input.email),
        name: input.userName,
        userType: UserType.Project,
        companyId: company.id,
        origin: UserOrigin.External,
        approvalStatus: ApprovalStatus.Pending,
        mustChangePassword: false, // they chose this password themselves
        lang,
        passwordHash,
      })
      .returning()
      .catch((err: unknown) => (isUniqueViolation(err) ? [] : Promise.reject(err)));
    if (!created) return null;
    await tx.insert(passwordHistory).values({ userId: created.id, passwordHash });
    await recordTrail(
      tx,
      { actorId: created.id, actorName: created.name, companyId: company.id, ip: client.ip },
      {
        type: TrailType.UserChange,
        objectType: 'user',
        objectId: created.id,
        newValue: accountSnapshot(created),
        reason: 'registration',
      },
    );
    return created;
  });
  if (!user) {
    // Taken (also by a registration a moment earlier): the answer is the same; only the holder learns of it.
    const holder = await findUserByEmail(deps, input.email);
    if (holder)
      await sendMail(deps.jobs, { to: holder.email, ...addressTakenMail(holder.lang as Lang, deps.config.PUBLIC_URL) });
    return { approvalStatus: ApprovalStatus.Pending };
  }
  // The company's administrators learn that someone waits, each in their own language.
  const managers = await deps.db
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(and(eq(users.companyId, company.id), eq(users.isCompanyManager, true), eq(users.enabled, true)));
  for (const m of managers) {
    await sendMail(deps.jobs, {
      to: m.email,
      ...newRegistrationMail(m.lang as Lang, { user, company: company.name, url: deps.config.PUBLIC_URL }),
    });
  }
  return { approvalStatus: user.approvalStatus };
}

/** GET /company/approve/list: the company's registrations with the given status, newest first. */
export async function listRegistrations(
  deps: Deps,
  companyId: number,
  query: { status: number; pageNum: number; pageSize: number },
): Promise<Page<RegistrationItem>> {
  await assertCompanyExists(deps.db, companyId);
  const where = and(
    eq(users.companyId, companyId),
    eq(users.origin, UserOrigin.External),
    eq(users.approvalStatus, query.status),
  );
  const rows = await deps.db
    .select({ u: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(users).where(where);
  return {
    total,
    data: rows.map(({ u, companyName }) => ({
      ...toCompanyUserItem(u),
      companyName,
      approvalReason: u.approvalReason,
      decidedAt: u.approvalStatus === ApprovalStatus.Pending ? null : u.updatedAt.toISOString(),
    })),
  };
}

/**
 * POST /company/approve/:userId/a: passes or rejects a pending registration and tells the applicant by mail.
 * A registration is decided once: a second decision (two administrators at once, a double click) is stale.
 */
export async function decideRegistration(
  deps: Deps,
  ctx: ActorContext,
  { ownCompanyId, userId, input }: { ownCompanyId: number | null; userId: number; input: ApproveBody },
): Promise<void> {
  const { user, companyName } = await deps.db.transaction(async (tx) => {
    const before = await lockCompanyUser(tx, userId, ownCompanyId);
    if (before.approvalStatus !== ApprovalStatus.Pending) fail('stale_state');
    const [after] = await tx
      .update(users)
      .set({
        approvalStatus: input.pass ? ApprovalStatus.Passed : ApprovalStatus.Rejected,
        approvalReason: input.reason || null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, before.id))
      .returning();
    await recordTrail(tx, inCompany(ctx.actor, before.companyId), {
      type: TrailType.UserChange,
      objectType: 'user',
      objectId: before.id,
      oldValue: accountSnapshot(before),
      newValue: accountSnapshot(after),
      reason: input.pass ? 'registration approved' : `registration rejected: ${input.reason}`,
    });
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, before.companyId));
    return { user: after, companyName: company.name };
  });
  // The applicant reads the decision in the language they registered in.
  await sendMail(deps.jobs, {
    to: user.email,
    ...decisionMail(user.lang as Lang, {
      user,
      company: companyName,
      url: deps.config.PUBLIC_URL,
      pass: input.pass,
      reason: input.reason,
    }),
  });
}
