import { TrailType } from '@edoc/contract/enums';
import type { SignInPolicy, SignInPolicyBody } from '@edoc/contract/totp';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companySignInPolicies, ssoProviders } from '../../db/schema/identity.ts';
import { projects, roles } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { companyOf, type CompanyAdminContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { inCompany } from '../company/account.service.ts';
import { assertCompanyExists } from '../company/company.policy.ts';
import { policyOf } from './totp-store.ts';

async function ssoEnabled(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: ssoProviders.id })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.companyId, companyId), eq(ssoProviders.enabled, true)));
  return !!row;
}

/**
 * The roles the policy may name: those of the company's projects, one per code, as the policy matches by code (a
 * built-in role is in every project; a custom role's code may be too). The oldest row names a shared code.
 */
function companyRoles(tx: Tx, companyId: number) {
  return tx
    .selectDistinctOn([roles.code], { code: roles.code, name: roles.name, builtin: roles.builtin })
    .from(roles)
    .innerJoin(projects, eq(projects.id, roles.projectId))
    .where(eq(projects.companyId, companyId))
    .orderBy(asc(roles.code), asc(roles.id));
}

/**
 * GET /company/sign-in-policy: the company administrator's own company, the system administrator's named one, with
 * the roles to choose from.
 */
export async function getSignInPolicy(
  deps: Deps,
  ctx: CompanyAdminContext,
  named: number | undefined,
): Promise<SignInPolicy> {
  const companyId = companyOf(ctx, named);
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    return {
      companyId,
      ...(await policyOf(tx, companyId)),
      ssoEnabled: await ssoEnabled(tx, companyId),
      roles: await companyRoles(tx, companyId),
    };
  });
}

/**
 * POST /company/sign-in-policy: a second factor for everyone or for listed role codes, and password sign-in on or
 * off. Off only with an enabled single sign-on provider, so the company's people are never left without a way in
 * (the sign-in enforces it: modules/sso).
 */
export async function setSignInPolicy(deps: Deps, ctx: CompanyAdminContext, body: SignInPolicyBody): Promise<void> {
  const companyId = companyOf(ctx, body.companyId);
  const next = {
    totpRequired: body.totpRequired,
    totpRoles: [...new Set(body.totpRoles)].sort(),
    passwordSignIn: body.passwordSignIn,
  };
  await deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    if (!next.passwordSignIn && !(await ssoEnabled(tx, companyId))) fail('password_sign_in_needs_sso');
    const before = await policyOf(tx, companyId);
    const values = { ...next, updatedBy: ctx.auth.user.id, updatedAt: new Date() };
    await tx
      .insert(companySignInPolicies)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companySignInPolicies.companyId, set: values });
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.SettingsChange,
      objectType: 'sign_in_policy',
      objectId: companyId,
      oldValue: before,
      newValue: next,
    });
  });
}
