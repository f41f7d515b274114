import { UserType } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { companyOf, type CompanyAdminContext } from '../../plugins/context.ts';
import type { UserRow } from './account.service.ts';

/**
 * The company whose users a call may administer when the target is named by user id: for the system
 * administrator the one named, or null for any; for a company manager their own (another named one is refused).
 * The gate already refused everyone else, so a refusal tells nothing about which ids exist.
 */
export function userAdminOf(ctx: CompanyAdminContext, named?: number | null): number | null {
  return ctx.ownCompanyId === null ? (named ?? null) : companyOf(ctx, named);
}

/** A system administrator may name any id: a company-scoped call on a missing company is a 404. */
export async function assertCompanyExists(tx: Tx, companyId: number): Promise<void> {
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) fail('not_found');
}

/**
 * A company user (type 2 or 3) the caller may administer, locked for the change. Another company's user is
 * answered exactly like a missing one.
 */
export async function lockCompanyUser(
  tx: Tx,
  userId: number,
  ownCompanyId: number | null,
): Promise<UserRow & { companyId: number }> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.userType, [UserType.Company, UserType.Project])))
    .for('update');
  if (!user || user.companyId === null || (ownCompanyId !== null && user.companyId !== ownCompanyId))
    fail('user_not_exist');
  return user as UserRow & { companyId: number };
}
