import { UserType } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { caller, requireCompanyAdmin, type AuthContext } from '../../plugins/auth.ts';
import type { UserRow } from './account.service.ts';

/**
 * Who may administer a company's users when the target is named by user id: the system administrator (any
 * company, unless `named` narrows it; `ownCompanyId` null means any) or a company manager (only their own).
 * Everyone else is refused before any look-up, so a refusal tells nothing about which ids exist.
 */
export function userAdminOf(
  request: FastifyRequest,
  named?: number | null,
): { auth: AuthContext; ownCompanyId: number | null } {
  const auth = caller(request);
  if (auth.user.userType === UserType.System) return { auth, ownCompanyId: named ?? null };
  const { companyId } = requireCompanyAdmin(request, named);
  return { auth, ownCompanyId: companyId };
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
