import { API_BASE } from '@edoc/contract/limits';
import { RoleCode, TrailType, UserType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoGroupRules, ssoIdentities, ssoProviders } from '../../db/schema/identity.ts';
import { members, roles } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createProjectRow, createProjectUser } from '../../test/factories.ts';
import { discover } from './oidc.ts';
import { signInAt, startProvider, type TestAccount } from '@edoc/test-support/oidc-provider';

/* Just-in-time accounts and group rules at SSO sign-in, against a real oidc-provider (docs/identity.md part 1). */

let ctx: TestContext;
let op: Awaited<ReturnType<typeof startProvider>>;
let redirectUri: string;
let providerId: number;
let companyId: number;
let project: { id: number; staff: number; pm: number };
const accounts: TestAccount[] = [
  { sub: 'dave', email: 'dave@acme.test', emailVerified: true, name: 'Dave New', groups: ['trial-a'] },
  { sub: 'erin', email: 'erin@elsewhere.test', emailVerified: true, name: 'Erin', groups: [] },
  { sub: 'frank', email: 'frank@acme.test', emailVerified: true, name: 'Frank', groups: ['trial-a', 'other'] },
  { sub: 'gina', email: 'gina@acme.test', emailVerified: true, name: 'Gina', groups: ['trial-a'] },
];

beforeAll(async () => {
  ctx = await createTestContext();
  redirectUri = `${ctx.deps.config.PUBLIC_URL.replace(/\/+$/, '')}${API_BASE}/sso/callback`;
  op = await startProvider(redirectUri, accounts);
  companyId = (await createCompany(ctx.db)).id;
  await createProjectUser(ctx.db, companyId, { email: 'frank@acme.test', mustChangePassword: false });
  await createProjectUser(ctx.db, companyId, { email: 'gina@acme.test', mustChangePassword: false });
  const p = await createProjectRow(ctx.db, companyId);
  const [staff, pm] = await ctx.db
    .insert(roles)
    .values([
      { projectId: p.id, code: RoleCode.ProjectStaff, name: 'Staff', builtin: true },
      { projectId: p.id, code: RoleCode.ProjectAdmin, name: 'PM', builtin: true },
    ])
    .returning();
  project = { id: p.id, staff: staff!.id, pm: pm!.id };
  await ctx.db
    .insert(ssoGroupRules)
    .values({ companyId, groupName: 'trial-a', projectId: p.id, roleCode: 'STU_STAFF' });
  const config = await discover({ issuer: op.issuer, clientId: 'edoc', clientSecret: 'edoc-secret' });
  const [row] = await ctx.db
    .insert(ssoProviders)
    .values({
      companyId,
      label: 'Acme ID',
      issuer: op.issuer,
      clientId: 'edoc',
      clientSecret: 'edoc-secret',
      domains: ['acme.test', 'elsewhere.test'],
      jitAccounts: false,
      discovery: config.serverMetadata(),
      discoveredAt: new Date(),
    })
    .returning();
  providerId = row!.id;
}, 30_000);
afterAll(async () => {
  await op?.close();
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
/** /sso/start → the provider's form as `sub` → /sso/callback; returns where edoc sends the browser. */
async function signInAs(sub: string): Promise<string> {
  const start = await get(`${API_BASE}/sso/start?provider=${providerId}&lang=en-US`);
  const callback = await signInAt(start.headers.location as string, sub, redirectUri);
  return (await get(`${callback.pathname}${callback.search}`)).headers.location as string;
}
const userOf = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
const setJit = (on: boolean) =>
  ctx.db.update(ssoProviders).set({ jitAccounts: on }).where(eq(ssoProviders.id, providerId));
const membership = async (userId: number) =>
  (
    await ctx.db
      .select()
      .from(members)
      .where(and(eq(members.projectId, project.id), eq(members.userId, userId)))
  )[0];

describe('just-in-time accounts', () => {
  it('refuses an unknown address while the provider has them off, and makes no account', async () => {
    expect(await signInAs('dave')).toContain('sso_error=sso_no_account');
    expect(await userOf('dave@acme.test')).toBeUndefined();
  });

  it("makes the account in the provider's company when on, linked, trailed, with the group rule's membership", async () => {
    await setJit(true);
    expect(await signInAs('dave')).toContain('/sso/complete#ticket=');
    const dave = (await userOf('dave@acme.test'))!;
    expect(dave).toMatchObject({
      companyId,
      userType: UserType.Project,
      name: 'Dave New',
      enabled: true,
      mustChangePassword: false,
    });
    const [identity] = await ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, dave.id));
    expect(identity?.subject).toBe('dave');
    const made = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'user'), eq(trail.objectId, String(dave.id)), eq(trail.type, TrailType.UserChange)));
    expect(made.map((r) => r.reason)).toEqual(['sso just-in-time account']);
    expect((await membership(dave.id))?.roleId).toBe(project.staff);
  });

  it("never makes one for an address outside the provider's domains", async () => {
    await ctx.db
      .update(ssoProviders)
      .set({ domains: ['acme.test'] })
      .where(eq(ssoProviders.id, providerId));
    expect(await signInAs('erin')).toContain('sso_error=sso_no_account');
    expect(await userOf('erin@elsewhere.test')).toBeUndefined();
    await setJit(false);
  });
});

describe('group rules at sign-in', () => {
  it('adds the membership a group gives, in the trail, once', async () => {
    const frank = (await userOf('frank@acme.test'))!;
    expect(await signInAs('frank')).toContain('#ticket=');
    const m = (await membership(frank.id))!;
    expect(m).toMatchObject({ roleId: project.staff, siteIds: [] });
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'member'), eq(trail.objectId, String(m.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: TrailType.PermissionChange, reason: 'sso group rule: trial-a' });
    await signInAs('frank');
    const again = await ctx.db.select().from(members).where(eq(members.userId, frank.id));
    expect(again).toHaveLength(1);
  });

  it('leaves a membership set by hand as it is, and a group the user left removes nothing', async () => {
    const gina = (await userOf('gina@acme.test'))!;
    await ctx.db.insert(members).values({ projectId: project.id, userId: gina.id, roleId: project.pm });
    await signInAs('gina');
    expect((await membership(gina.id))?.roleId).toBe(project.pm);
    const frank = (await userOf('frank@acme.test'))!;
    accounts.find((a) => a.sub === 'frank')!.groups = [];
    expect(await signInAs('frank')).toContain('#ticket=');
    expect((await membership(frank.id))?.roleId).toBe(project.staff);
  });
});
