import { TrailType, UserType, type Lang } from '@edoc/contract/enums';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ssoGroupRules, ssoIdentities, ssoProviders } from '../../db/schema/identity.ts';
import { members, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ClientInfo } from '../../plugins/context.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { findUserByEmail } from '../auth/login.service.ts';
import { accountSnapshot, emailTaken, inCompany, insertAccount } from '../company/account.service.ts';

/*
 * The account an SSO sign-in lands in (docs/identity.md "Part 1 and 2"): the linked identity, else the company's
 * person with that e-mail, else — when the provider allows just-in-time accounts and the e-mail is one of its
 * domains — a new account in the company. Then the company's group rules add the memberships the groups give.
 */

type Provider = typeof ssoProviders.$inferSelect;
type User = typeof users.$inferSelect;

export interface Identity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  groups: string[];
}

/** The claims as the provider's settings name them; a claim of the wrong type counts as absent. */
export function identityOf(p: Provider, claims: Record<string, unknown> & { sub: string }): Identity {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const groups = claims[p.groupsClaim];
  return {
    subject: claims.sub,
    email: str(claims[p.emailClaim]),
    emailVerified: claims.email_verified === true,
    name: str(claims[p.nameClaim]),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/** The account for a verified identity: by (provider, subject), else the company's person by e-mail (then linked). */
export async function accountFor(deps: Deps, p: Provider, id: Identity): Promise<User | undefined> {
  const [linked] = await deps.db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.providerId, p.id), eq(ssoIdentities.subject, id.subject)));
  if (linked) return linked.user;
  const user = id.email ? await findUserByEmail(deps, id.email) : undefined;
  if (!user || user.companyId !== p.companyId || user.isServiceAccount) return undefined;
  await deps.db
    .insert(ssoIdentities)
    .values({ providerId: p.id, subject: id.subject, userId: user.id })
    .onConflictDoNothing();
  return user;
}

const domainOf = (email: string) => email.toLowerCase().split('@')[1] ?? '';

/**
 * A just-in-time account: only with the provider's jitAccounts on, a verified e-mail of one of its domains, and an
 * address nobody holds (an account of another company is never taken over). A project user of the provider's
 * company; its random password is never told to anyone (it signs in by SSO). Trailed as the new user's own act.
 */
export async function createJitAccount(
  deps: Deps,
  p: Provider,
  id: Identity,
  o: { lang: Lang; client: ClientInfo },
): Promise<User | undefined> {
  if (!p.jitAccounts || !id.emailVerified || !p.domains.includes(domainOf(id.email))) return undefined;
  return deps.db.transaction(async (tx) => {
    if (await emailTaken(tx, id.email)) return undefined;
    const { user } = await insertAccount(tx, {
      email: id.email,
      name: id.name || id.email.split('@')[0]!,
      userType: UserType.Project,
      companyId: p.companyId,
      isCompanyManager: false,
      lang: o.lang,
      // Nobody was told its random password: nothing to change at a first sign-in (which is by SSO).
      mustChangePassword: false,
    });
    await tx.insert(ssoIdentities).values({ providerId: p.id, subject: id.subject, userId: user.id });
    await recordTrail(tx, actorOf(user, o.client), {
      type: TrailType.UserChange,
      objectType: 'user',
      objectId: user.id,
      newValue: accountSnapshot(user),
      reason: 'sso just-in-time account',
    });
    return user;
  });
}

const actorOf = (u: User, client: ClientInfo): TrailActor =>
  inCompany({ actorId: u.id, actorName: u.name, companyId: u.companyId, ip: client.ip }, u.companyId!);

/**
 * Applies the company's group rules at an SSO sign-in: for each project a rule of one of the user's groups names,
 * a membership with the rule's role is added when the user has none (no site limit; the project administrator may
 * narrow it). An existing membership is left as it is — its role may have been set by hand, and a role change must
 * pass the open-task check of the member page — and a group the user left removes nothing: taking rights away stays
 * the project administrator's act. When two rules name one project, the first group by name wins. Returns the
 * projects joined.
 */
export async function applyGroupRules(deps: Deps, user: User, groups: string[], client: ClientInfo) {
  if (groups.length === 0 || user.companyId === null) return [];
  const companyId = user.companyId;
  return deps.db.transaction(async (tx) => {
    const rules = await tx
      .select({ rule: ssoGroupRules, roleId: roles.id })
      .from(ssoGroupRules)
      .innerJoin(roles, and(eq(roles.projectId, ssoGroupRules.projectId), eq(roles.code, ssoGroupRules.roleCode)))
      .where(and(eq(ssoGroupRules.companyId, companyId), inArray(ssoGroupRules.groupName, groups)))
      .orderBy(asc(ssoGroupRules.groupName), asc(ssoGroupRules.id));
    const joined: number[] = [];
    for (const { rule, roleId } of rules) {
      if (joined.includes(rule.projectId)) continue;
      const added = await addMembership(tx, user, rule, roleId, client);
      if (added) joined.push(rule.projectId);
    }
    return joined;
  });
}

async function addMembership(
  tx: Tx,
  user: User,
  rule: typeof ssoGroupRules.$inferSelect,
  roleId: number,
  client: ClientInfo,
): Promise<boolean> {
  const [row] = await tx
    .insert(members)
    .values({ projectId: rule.projectId, userId: user.id, roleId, siteIds: [] })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  await recordTrail(
    tx,
    { ...actorOf(user, client), projectId: rule.projectId },
    {
      type: TrailType.PermissionChange,
      objectType: 'member',
      objectId: row.id,
      newValue: { userId: user.id, email: user.email, role: rule.roleCode, roleId, siteIds: [] },
      reason: `sso group rule: ${rule.groupName}`,
    },
  );
  return true;
}
