import { UserType } from '@edoc/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import { companySignInPolicies, ssoIdentities, ssoProviders } from '../../db/schema/identity.ts';
import type { Deps } from '../../lib/deps.ts';
import { normaliseEmail } from '../auth/login.service.ts';

/* What the login page asks before a sign-in, and the password sign-in a company switched off. */

/** GET /sso/discover: the provider for the address's domain, or none; the same for unknown domains and addresses. */
export async function discoverFor(deps: Deps, email: string) {
  const domain = normaliseEmail(email).split('@')[1] ?? '';
  const rows = await deps.db
    .select({ providerId: ssoProviders.id, label: ssoProviders.label, domains: ssoProviders.domains })
    .from(ssoProviders)
    .where(eq(ssoProviders.enabled, true));
  const hit = rows.find((r) => r.domains.includes(domain));
  return { provider: hit ? { providerId: hit.providerId, label: hit.label } : null };
}

/** GET /sso/providers: the enabled providers' labels, for the login page's company choice. */
export function providerChoices(deps: Deps) {
  return deps.db
    .select({ providerId: ssoProviders.id, label: ssoProviders.label })
    .from(ssoProviders)
    .where(eq(ssoProviders.enabled, true))
    .orderBy(asc(ssoProviders.label));
}

/** The SSO provider an account signs with (its identity at an enabled provider), or null: a password account. */
export async function ssoProviderOfUser(deps: Deps, userId: number) {
  const [row] = await deps.db
    .select({ providerId: ssoProviders.id, label: ssoProviders.label })
    .from(ssoIdentities)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoIdentities.providerId))
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoProviders.enabled, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Asked by the password sign-in once the password is right: false when the person's company switched password
 * sign-in off. The system administrator always keeps it (a way in whatever a provider does).
 */
export async function passwordSignInAllowed(
  deps: Deps,
  user: { companyId: number | null; userType: number },
): Promise<boolean> {
  if (user.companyId === null || user.userType === UserType.System) return true;
  const [policy] = await deps.db
    .select({ passwordSignIn: companySignInPolicies.passwordSignIn })
    .from(companySignInPolicies)
    .where(eq(companySignInPolicies.companyId, user.companyId));
  return policy?.passwordSignIn ?? true;
}
