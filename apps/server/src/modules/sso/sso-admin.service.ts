import { TrailType } from '@edoc/contract/enums';
import type { SsoIssuerTested, SsoProviderBody, SsoProviderItem, SsoRuleBody } from '@edoc/contract/sso';
import { and, asc, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { ssoGroupRules, ssoIdentities, ssoProviders, ssoRequests } from '../../db/schema/identity.ts';
import { projects, roles } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { companyOf, type CallerContext, type CompanyAdminContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { inCompany } from '../company/account.service.ts';
import { assertCompanyExists } from '../company/company.policy.ts';
import { discover } from './oidc.ts';

/*
 * The system administrator's providers (one per company) and the company administrator's group rules. The client
 * secret is kept as given (docs/identity.md "Secrets") and never answered back: clientSecretSet says it is there.
 */

type Provider = typeof ssoProviders.$inferSelect;

const shapeOf = (p: Provider) => ({
  companyId: p.companyId,
  label: p.label,
  issuer: p.issuer,
  clientId: p.clientId,
  clientSecretSet: p.clientSecret !== '',
  domains: p.domains,
  emailClaim: p.emailClaim,
  nameClaim: p.nameClaim,
  groupsClaim: p.groupsClaim,
  jitAccounts: p.jitAccounts,
  enabled: p.enabled,
});

export async function listProviders(deps: Deps): Promise<SsoProviderItem[]> {
  const rows = await deps.db
    .select({ p: ssoProviders, companyName: companies.name })
    .from(ssoProviders)
    .innerJoin(companies, eq(companies.id, ssoProviders.companyId))
    .orderBy(asc(companies.name));
  return rows.map(({ p, companyName }) => ({
    id: p.id,
    companyName,
    ...shapeOf(p),
    discoveredAt: p.discoveredAt?.toISOString() ?? null,
  }));
}

/** POST /system/sso: saves the company's provider (insert or replace); discovery is fetched first, outside the transaction. */
export async function saveProvider(deps: Deps, ctx: CallerContext, body: SsoProviderBody): Promise<{ id: number }> {
  const [existing] = await deps.db.select().from(ssoProviders).where(eq(ssoProviders.companyId, body.companyId));
  const clientSecret = body.clientSecret || existing?.clientSecret;
  if (!clientSecret) return fail('required', { field: 'clientSecret' });
  const issuer = body.issuer.replace(/\/+$/, '');
  const config = await discover({ issuer, clientId: body.clientId, clientSecret });
  const values = {
    label: body.label,
    issuer,
    clientId: body.clientId,
    clientSecret,
    domains: [...new Set(body.domains)].sort(),
    emailClaim: body.emailClaim,
    nameClaim: body.nameClaim,
    groupsClaim: body.groupsClaim,
    jitAccounts: body.jitAccounts,
    enabled: body.enabled,
    discovery: config.serverMetadata(),
    discoveredAt: new Date(),
    updatedAt: new Date(),
  };
  return deps.db.transaction(async (tx) => {
    await assertCompanyExists(tx, body.companyId);
    const [row] = await tx
      .insert(ssoProviders)
      .values({ companyId: body.companyId, ...values })
      .onConflictDoUpdate({ target: ssoProviders.companyId, set: values })
      .returning();
    await recordTrail(tx, inCompany(ctx.actor, body.companyId), {
      type: TrailType.SettingsChange,
      objectType: 'sso_provider',
      objectId: row!.id,
      oldValue: existing ? shapeOf(existing) : null,
      newValue: shapeOf(row!),
    });
    return { id: row!.id };
  });
}

/** POST /system/sso/test: the system administrator's "test discovery" before saving; no client is needed for it. */
export async function testIssuer(issuer: string): Promise<SsoIssuerTested> {
  const config = await discover({
    issuer: issuer.replace(/\/+$/, ''),
    clientId: 'edoc-discovery-test',
    clientSecret: '',
  });
  const m = config.serverMetadata();
  return {
    issuer: m.issuer,
    authorizationEndpoint: m.authorization_endpoint ?? null,
    tokenEndpoint: m.token_endpoint ?? null,
    jwksUri: m.jwks_uri ?? null,
    pkceS256: m.code_challenge_methods_supported?.includes('S256') ?? false,
    claimsSupported: m.claims_supported ?? [],
  };
}

/** POST /system/sso/{id}/delete: the provider, its identities and requests in flight; its people keep their accounts. */
export async function deleteProvider(deps: Deps, ctx: CallerContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(ssoProviders).where(eq(ssoProviders.id, id));
    if (!p) return fail('not_found');
    await tx.delete(ssoRequests).where(eq(ssoRequests.providerId, id));
    await tx.delete(ssoIdentities).where(eq(ssoIdentities.providerId, id));
    await tx.delete(ssoProviders).where(eq(ssoProviders.id, id));
    await recordTrail(tx, inCompany(ctx.actor, p.companyId), {
      type: TrailType.SettingsChange,
      objectType: 'sso_provider',
      objectId: id,
      oldValue: shapeOf(p),
      newValue: null,
    });
  });
}

export async function listRules(deps: Deps, ctx: CompanyAdminContext, named?: number) {
  const companyId = companyOf(ctx, named);
  return deps.db
    .select({
      id: ssoGroupRules.id,
      groupName: ssoGroupRules.groupName,
      projectId: ssoGroupRules.projectId,
      projectName: projects.name,
      roleCode: ssoGroupRules.roleCode,
    })
    .from(ssoGroupRules)
    .innerJoin(projects, eq(projects.id, ssoGroupRules.projectId))
    .where(eq(ssoGroupRules.companyId, companyId))
    .orderBy(asc(ssoGroupRules.groupName), asc(projects.name));
}

/** POST /company/sso/rules: the project must be the company's, the role that project's. */
export async function saveRule(deps: Deps, ctx: CompanyAdminContext, body: SsoRuleBody): Promise<void> {
  const companyId = companyOf(ctx, body.companyId);
  await deps.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, body.projectId), eq(projects.companyId, companyId)));
    if (!project) return fail('not_found');
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.projectId, body.projectId), eq(roles.code, body.roleCode)));
    if (!role) return fail('invalid_value', { field: 'roleCode' });
    const rule = { groupName: body.groupName, projectId: body.projectId, roleCode: body.roleCode };
    const [row] = await tx
      .insert(ssoGroupRules)
      .values({ companyId, ...rule })
      .onConflictDoUpdate({
        target: [ssoGroupRules.companyId, ssoGroupRules.groupName, ssoGroupRules.projectId],
        set: { roleCode: rule.roleCode },
      })
      .returning({ id: ssoGroupRules.id });
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.SettingsChange,
      objectType: 'sso_group_rule',
      objectId: row!.id,
      oldValue: null,
      newValue: rule,
    });
  });
}

export async function deleteRule(deps: Deps, ctx: CompanyAdminContext, id: number, named?: number): Promise<void> {
  const companyId = companyOf(ctx, named);
  await deps.db.transaction(async (tx) => {
    const [rule] = await tx
      .delete(ssoGroupRules)
      .where(and(eq(ssoGroupRules.id, id), eq(ssoGroupRules.companyId, companyId)))
      .returning();
    if (!rule) return fail('not_found');
    await recordTrail(tx, inCompany(ctx.actor, companyId), {
      type: TrailType.SettingsChange,
      objectType: 'sso_group_rule',
      objectId: id,
      oldValue: { groupName: rule.groupName, projectId: rule.projectId, roleCode: rule.roleCode },
      newValue: null,
    });
  });
}
