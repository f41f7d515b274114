import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/companies.ts';
import { trail } from '../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser, signIn } from '../test/factories.ts';
import { bearer } from '../test/requests.ts';

// Issue 9, finding 8: bad input answered 500. Each case here answered 500 (or was stored) before the shared rules.
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { userType: UserType.System });
  token = await signIn(ctx, admin.email);
});
afterAll(() => ctx.close());

const createCompany = (companyName: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/edoc/company/create',
    headers: { ...bearer(token), 'accept-language': 'en-US' },
    payload: { companyName },
  });

describe('one text rule, one id rule, one conflict rule', () => {
  it.each([
    ['a NUL character', 'Acme\u0000Pharma'],
    ['a lone high surrogate', 'Acme \ud800'],
    ['a lone low surrogate', '\udc00 Acme'],
  ])('refuses %s in a JSON field with 400 naming the field, and stores nothing', async (_what, companyName) => {
    const before = await ctx.db.$count(companies);
    const res = await createCompany(companyName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, errorCode: 'invalid_value', msg: 'Company name is invalid' });
    expect(await ctx.db.$count(companies)).toBe(before);
  });

  it('refuses a NUL character in a query string', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/edoc/company/list?searchValue=a%00b',
      headers: { ...bearer(token), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('invalid_value');
  });

  it('answers an id past the integer range as bad input, not a database fault', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/edoc/company/99999999999', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('invalid_value');
  });

  it('answers a multipart body without a boundary with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/company/create',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: 'companyName=x',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe(false);
  });

  it('lets exactly one of two concurrent creates of one name win; the other gets 409', async () => {
    const answers = await Promise.all([createCompany('Twin Pharma'), createCompany('Twin Pharma')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(companies).where(eq(companies.name, 'Twin Pharma'))).toHaveLength(1);
  });
});

describe('answers are not cached', () => {
  it('marks JSON answers and refusals of /edoc no-store', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/edoc/user/info', headers: bearer(token) });
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/edoc/user/info' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('X-Forwarded-For', () => {
  const loginFrom = (c: TestContext, email: string) =>
    c.app.inject({
      method: 'POST',
      url: '/edoc/login',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email, password: 'wrong-Passw0rd!', lang: 'en-US' },
    });
  const failedLoginIps = async (c: TestContext) =>
    (await c.db.select().from(trail).where(eq(trail.type, TrailType.LoginFailure))).map((r) => r.ip);

  it('is ignored by default: the trail records the connecting address, not the one a client claims', async () => {
    const user = await createUser(ctx.db, { userType: UserType.System });
    await loginFrom(ctx, user.email);
    const ips = await failedLoginIps(ctx);
    expect(ips.length).toBeGreaterThan(0);
    expect(ips).not.toContain('203.0.113.9');
  });

  it('is believed from a configured proxy (TRUST_PROXY)', async () => {
    const behind = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    try {
      const user = await createUser(behind.db, { userType: UserType.System });
      await loginFrom(behind, user.email);
      expect(await failedLoginIps(behind)).toContain('203.0.113.9');
    } finally {
      await behind.close();
    }
  });
});
