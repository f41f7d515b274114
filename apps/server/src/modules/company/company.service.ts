import { isUniqueViolation } from '../../db/errors.ts';
import type {
  CompanyBody,
  CompanyItem,
  CompanyListQuery,
  CompanyManagerBody,
  CompanyUserItem,
} from '@edoc/contract/company';
import { ApprovalStatus, TrailType, UserType } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { likePattern } from '../../lib/sql.ts';
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

type CompanyRow = typeof companies.$inferSelect;

/** Serialises company creation and renames, so two concurrent "Acme"/"ACME" requests cannot both pass the check. */
const COMPANY_NAME_LOCK = 72_620_101;

// Issue 12, defect 2: in a select from one table drizzle writes its columns unqualified, so `${companies.id}` became
// "id" and inside the subquery meant the project's (the user's) own id: 1 and 0 for every company. The outer row is
// named in full here.
const outerCompanyId = sql.raw('"companies"."id"');
const projectCount = sql<number>`(SELECT count(*) FROM ${projects} p WHERE p.company_id = ${outerCompanyId})`.mapWith(
  Number,
);
const userCount =
  sql<number>`(SELECT count(*) FROM ${users} u WHERE u.company_id = ${outerCompanyId} AND u.approval_status = ${ApprovalStatus.Passed})`.mapWith(
    Number,
  );

const toItem = (c: CompanyRow, counts: { projectCount: number; userCount: number }): CompanyItem => ({
  companyId: c.id,
  companyName: c.name,
  description: c.description,
  enabled: c.enabled,
  projectCount: counts.projectCount,
  userCount: counts.userCount,
  createdAt: c.createdAt.toISOString(),
});

const snapshot = (c: CompanyRow) => ({ companyName: c.name, description: c.description, enabled: c.enabled });

/** GET /company/list: newest first, searched by name regardless of case. */
export async function listCompanies(deps: Deps, query: CompanyListQuery): Promise<Page<CompanyItem>> {
  const where: SQL | undefined = query.searchValue ? ilike(companies.name, likePattern(query.searchValue)) : undefined;
  const rows = await deps.db
    .select({ c: companies, projectCount, userCount })
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(companies).where(where);
  return { total, data: rows.map((r) => toItem(r.c, r)) };
}

export async function getCompany(deps: Deps, companyId: number): Promise<CompanyItem> {
  const [row] = await deps.db
    .select({ c: companies, projectCount, userCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) fail('not_found');
  return toItem(row.c, row);
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${COMPANY_NAME_LOCK})`);
  const sameName = sql`lower(trim(${companies.name})) = lower(trim(${name}))`;
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(exceptId ? and(sameName, ne(companies.id, exceptId)) : sameName)
    .limit(1);
  if (taken) fail('company_name_exists');
}

const duplicateName = (err: unknown) => (isUniqueViolation(err) ? fail('company_name_exists') : Promise.reject(err));

export async function createCompany(deps: Deps, ctx: ActorContext, input: CompanyBody): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, input.companyName);
    const [company] = await tx
      .insert(companies)
      .values({ name: input.companyName, description: input.description || null })
      .returning()
      .catch(duplicateName);
    await recordTrail(tx, inCompany(ctx.actor, company.id), {
      type: TrailType.SettingsChange,
      objectType: 'company',
      objectId: company.id,
      newValue: snapshot(company),
      reason: 'company created',
    });
    return company.id;
  });
}

async function lockCompany(tx: Tx, companyId: number): Promise<CompanyRow> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) fail('not_found');
  return company;
}

/** An omitted description stays as it is; an empty one clears it. */
export async function updateCompany(
  deps: Deps,
  ctx: ActorContext,
  { companyId, input }: { companyId: number; input: CompanyBody },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    if (input.companyName !== before.name) await assertNameFree(tx, input.companyName, companyId);
    const description = input.description === undefined ? before.description : input.description || null;
    if (input.companyName === before.name && description === before.description) return;
    const [after] = await tx
      .update(companies)
      .set({ name: input.companyName, description, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning()
      .catch(duplicateName);
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.SettingsChange,
      objectType: 'company',
      objectId: companyId,
      oldValue: snapshot(before),
      newValue: snapshot(after),
    });
  });
}

/**
 * Disabling a company closes sign-in for all its people (login checks the company) and ends their open
 * sessions at once; the users' own enabled flags stay untouched, so enabling the company restores them as they were.
 */
export async function setCompanyEnabled(
  deps: Deps,
  ctx: ActorContext,
  { companyId, enabled }: { companyId: number; enabled: boolean },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    if (before.enabled === enabled) return;
    const [after] = await tx
      .update(companies)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    if (!enabled) {
      const people = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
      await revokeSessions(
        tx,
        people.map((p) => p.id),
        'company_disabled',
      );
    }
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.SettingsChange,
      objectType: 'company',
      objectId: companyId,
      oldValue: snapshot(before),
      newValue: snapshot(after),
      reason: enabled ? 'company enabled' : 'company disabled',
    });
  });
}

/** POST /company/set/company/manager/a: a new company administrator, who receives a temporary password by mail. */
export async function addCompanyManager(
  deps: Deps,
  ctx: Pick<RequestBase, 'actor' | 'lang'>,
  input: CompanyManagerBody,
): Promise<number> {
  const { lang } = ctx;
  const { user, password } = await deps.db.transaction(async (tx) => {
    await lockCompany(tx, input.companyId);
    const created = await insertAccount(tx, {
      email: input.email,
      name: input.userName,
      userType: UserType.Company,
      companyId: input.companyId,
      isCompanyManager: true,
      lang,
    });
    // Granting company administration is recorded as a permission change: it is what an auditor looks for.
    await recordTrail(tx, inCompany(ctx.actor, input.companyId), {
      type: TrailType.PermissionChange,
      objectType: 'user',
      objectId: created.user.id,
      newValue: accountSnapshot(created.user),
      reason: 'company manager created',
    });
    return created;
  });
  await mailPassword(deps, { kind: 'created', lang, to: { name: user.name, email: user.email }, password });
  return user.id;
}

export async function listCompanyManagers(deps: Deps, companyId: number): Promise<CompanyUserItem[]> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, UserType.Company), eq(users.isCompanyManager, true)))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toCompanyUserItem);
}
