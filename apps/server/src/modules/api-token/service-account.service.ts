import { TrailType, UserType } from '@edoc/contract/enums';
import { and, desc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { companyOf, type CompanyAdminContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { inCompany } from '../company/account.service.ts';

/**
 * A password hash no password matches (checkPassword answers false for a malformed hash): a service account can
 * never sign in by password, and so never e-sign, which asks for the password again.
 */
const NO_PASSWORD = '!service-account';

const shape = (u: { companyId: number | null; name: string; email: string; enabled: boolean }) => ({
  companyId: u.companyId ?? 0,
  name: u.name,
  email: u.email,
  enabled: u.enabled,
});

/** POST /service-account: a user row of the company that only its tokens act as. */
export async function createServiceAccount(
  deps: Deps,
  ctx: CompanyAdminContext,
  body: { name: string; companyId?: number },
) {
  const { name } = body;
  // A system administrator makes one for any company, a company administrator for their own (companyOf refuses others).
  const companyId = companyOf(ctx, body.companyId);
  // A unique address nobody receives mail at (the users table wants one); never shown as a way to sign in.
  const email = `svc-${randomToken().slice(0, 12).toLowerCase()}@service-account.invalid`;
  return deps.db.transaction(async (tx) => {
    const values = {
      email,
      name,
      userType: UserType.Project,
      companyId,
      isServiceAccount: true,
      passwordHash: NO_PASSWORD,
      mustChangePassword: false,
      enabled: true,
    };
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.UserChange,
      objectType: 'service_account',
      objectId: row!.id,
      oldValue: null,
      newValue: shape(values),
    });
    return { id: row!.id };
  });
}

export async function listServiceAccounts(deps: Deps, ctx: CompanyAdminContext, named?: number | null) {
  // A company administrator names no company or their own; a system administrator names the one to list.
  const companyId = companyOf(ctx, named);
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, enabled: users.enabled, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isServiceAccount, true)))
    .orderBy(desc(users.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** POST /service-account/{id}/disable: its tokens stop at once (the token look-up wants an enabled owner). */
export async function disableServiceAccount(deps: Deps, ctx: CompanyAdminContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isServiceAccount, true)))
      .for('update');
    // The system administrator: any company's; a company administrator: their own (another's is as missing).
    if (!u || u.companyId === null || (ctx.ownCompanyId !== null && u.companyId !== ctx.ownCompanyId))
      fail('service_account_not_found');
    const companyId = u.companyId;
    if (!u.enabled) return;
    await tx.update(users).set({ enabled: false, updatedAt: new Date() }).where(eq(users.id, id));
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.UserChange,
      objectType: 'service_account',
      objectId: id,
      oldValue: shape(u),
      newValue: shape({ ...u, enabled: false }),
    });
  });
}
