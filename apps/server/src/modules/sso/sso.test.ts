import { authRoutes } from '@edoc/contract/auth-routes';
import { UserType } from '@edoc/contract/enums';
import { API_BASE } from '@edoc/contract/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySignInPolicies, ssoProviders } from '../../db/schema/identity.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { discover } from './oidc.ts';
import { consumeSignProof, startRequest, enabledProvider } from './sso-flow.ts';
import { signInAt, startProvider, type TestAccount } from '@edoc/test-support/oidc-provider';

let ctx: TestContext;
let op: Awaited<ReturnType<typeof startProvider>>;
let redirectUri: string;
let providerId: number;
let companyId: number;
const accounts: TestAccount[] = [
  { sub: 'alice', email: 'alice@acme.test', emailVerified: true, name: 'Alice', groups: [] },
  { sub: 'bob', email: 'bob@acme.test', emailVerified: false, name: 'Bob', groups: [] },
  { sub: 'carol', email: 'carol@acme.test', emailVerified: true, name: 'Carol', groups: [] },
];

beforeAll(async () => {
  ctx = await createTestContext();
  redirectUri = `${ctx.deps.config.PUBLIC_URL.replace(/\/+$/, '')}${API_BASE}/sso/callback`;
  op = await startProvider(redirectUri, accounts);
  companyId = (await createCompany(ctx.db)).id;
  await createProjectUser(ctx.db, companyId, { email: 'alice@acme.test', mustChangePassword: false });
  await createProjectUser(ctx.db, companyId, { email: 'bob@acme.test', mustChangePassword: false });
  await createProjectUser(ctx.db, companyId, { email: 'carol@acme.test', mustChangePassword: false, enabled: false });
  const config = await discover({ issuer: op.issuer, clientId: 'edoc', clientSecret: 'edoc-secret' });
  const [p] = await ctx.db
    .insert(ssoProviders)
    .values({
      companyId,
      label: 'Acme ID',
      issuer: op.issuer,
      clientId: 'edoc',
      clientSecret: 'edoc-secret',
      domains: ['acme.test'],
      discovery: config.serverMetadata(),
      discoveredAt: new Date(),
    })
    .returning();
  providerId = p!.id;
}, 30_000);
afterAll(async () => {
  await op?.close();
  await ctx.close();
});

type Claims = Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
/** /sso/start → the provider's form as `sub` → /sso/callback; returns where edoc sends the browser. */
async function signInAs(sub: string): Promise<{ location: string; callback: URL }> {
  const start = await get(`${API_BASE}/sso/start?provider=${providerId}&lang=en-US`);
  expect(start.statusCode).toBe(302);
  const auth = new URL(start.headers.location as string);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  const callback = await signInAt(auth.href, sub, redirectUri);
  const res = await get(`${callback.pathname}${callback.search}`);
  expect(res.statusCode).toBe(302);
  return { location: res.headers.location as string, callback };
}

describe('SSO sign-in against a real OpenID Connect provider', () => {
  it('discovers the provider by domain, and answers none alike for unknown domains and addresses', async () => {
    expect((await get(`${API_BASE}/sso/discover?email=who@acme.test`)).json().data.provider.label).toBe('Acme ID');
    expect((await get(`${API_BASE}/sso/discover?email=x@elsewhere.test`)).json().data.provider).toBeNull();
  });

  it('signs in with PKCE and exchanges the one-use ticket for an SSO session', async () => {
    const { location } = await signInAs('alice');
    const ticket = new URL(location).hash.replace('#ticket=', '');
    expect(ticket.length).toBeGreaterThan(20);
    const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/sso/complete`, payload: { ticket } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.email).toBe('alice@acme.test');
    const [s] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(data.token)));
    expect(s?.authMethod).toBe('sso');
    const again = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/sso/complete`, payload: { ticket } });
    expect(again.json().errorCode).toBe('sso_ticket_invalid');
  });

  it('refuses a replayed state', async () => {
    const { callback } = await signInAs('alice');
    const res = await get(`${callback.pathname}${callback.search}`);
    expect(res.headers.location).toContain('sso_error=sso_state_invalid');
  });

  // The provider's token answer scripted (re-signed with its own key): openid-client's ID token checks refuse each.
  it.each([
    ['a wrong audience', (c: Claims) => ({ ...c, aud: 'someone-else' })],
    ['an expired ID token', (c: Claims) => ({ ...c, iat: now() - 7200, exp: now() - 3600 })],
    ['a wrong nonce', (c: Claims) => ({ ...c, nonce: 'not-the-one-sent' })],
  ])('refuses %s', async (_what, change) => {
    op.tamper = change;
    try {
      expect((await signInAs('alice')).location).toContain('sso_error=sso_token_invalid');
    } finally {
      op.tamper = undefined;
    }
  });

  it('refuses an unverified e-mail and a disabled user, each in the trail', async () => {
    expect((await signInAs('bob')).location).toContain('sso_error=sso_email_unverified');
    expect((await signInAs('carol')).location).toContain('sso_error=user_disabled');
    const rows = await ctx.db.select({ reason: trail.reason }).from(trail).where(eq(trail.objectType, 'user'));
    expect(rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['sso_email_unverified', 'user_disabled']));
  });

  it('refuses password sign-in where the company switched it off', async () => {
    await ctx.db.insert(companySignInPolicies).values({ companyId, passwordSignIn: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${authRoutes.login.path}`,
      payload: { email: 'alice@acme.test', password: 'Passw0rd!' },
    });
    expect(res.json().errorCode).toBe('password_sign_in_off');
    await ctx.db.delete(companySignInPolicies).where(eq(companySignInPolicies.companyId, companyId));
  });
});

describe("the system administrator's discovery test", () => {
  it("sums up the issuer's discovery document, and names the issuer when it cannot be fetched", async () => {
    const sys = await createUser(ctx.db, { userType: UserType.System });
    const headers = { authorization: `Bearer ${await signIn(ctx, sys.email)}` };
    const test = (issuer: string) =>
      ctx.app.inject({ method: 'POST', url: `${API_BASE}/system/sso/test`, headers, payload: { issuer } });
    const ok = (await test(`${op.issuer}/`)).json().data;
    expect(ok).toMatchObject({ issuer: op.issuer, pkceS256: true, tokenEndpoint: `${op.issuer}/token` });
    expect(ok.claimsSupported).toContain('email');
    const bad = (await test('http://127.0.0.1:9/nothing')).json();
    expect(bad).toMatchObject({ errorCode: 'sso_discovery_failed' });
  });
});

describe('signing under SSO', () => {
  const userId = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it('gives a fresh proof, accepted once, for that user only', async () => {
    const alice = await userId('alice@acme.test');
    const p = await enabledProvider(ctx.deps, providerId);
    const url = await startRequest(ctx.deps, p, { purpose: 'sign', lang: 'en-US', userId: alice, returnTo: '/todo' });
    expect(new URL(url).searchParams.get('prompt')).toBe('login');
    expect(new URL(url).searchParams.get('max_age')).toBe('0');
    const callback = await signInAt(url, 'alice', redirectUri);
    const res = await get(`${callback.pathname}${callback.search}`);
    const proof = new URL(res.headers.location as string).hash.replace('#sso_proof=', '');
    await expect(consumeSignProof(ctx.deps, await userId('bob@acme.test'), proof)).rejects.toMatchObject({
      code: 'sso_proof_invalid',
    });
    await consumeSignProof(ctx.deps, alice, proof);
    await expect(consumeSignProof(ctx.deps, alice, proof)).rejects.toMatchObject({ code: 'sso_proof_invalid' });
  });

  it('refuses a signing proof whose authentication is older than the request (stale auth_time)', async () => {
    const alice = await userId('alice@acme.test');
    const p = await enabledProvider(ctx.deps, providerId);
    const url = await startRequest(ctx.deps, p, { purpose: 'sign', lang: 'en-US', userId: alice, returnTo: '/todo' });
    op.tamper = (c) => ({ ...c, auth_time: now() - 600 });
    try {
      const callback = await signInAt(url, 'alice', redirectUri);
      const res = await get(`${callback.pathname}${callback.search}`);
      expect(res.headers.location).toMatch(/\/todo#sso_error=sso_reauth_stale$/);
    } finally {
      op.tamper = undefined;
    }
  });

  it("refuses another user's authentication for a sign request", async () => {
    const alice = await userId('alice@acme.test');
    const p = await enabledProvider(ctx.deps, providerId);
    const url = await startRequest(ctx.deps, p, { purpose: 'sign', lang: 'en-US', userId: alice, returnTo: '/todo' });
    const callback = await signInAt(url, 'carol', redirectUri);
    const res = await get(`${callback.pathname}${callback.search}`);
    expect(res.headers.location).toContain('sso_error=sso_proof_invalid');
  });
});
