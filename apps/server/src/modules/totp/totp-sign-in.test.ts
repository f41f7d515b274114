import { authRoutes } from '@edoc/contract/auth-routes';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpChallenges, userTotp } from '../../db/schema/identity.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createProjectUser, PASSWORD, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { totpAt } from './totp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const at = (offsetSteps: number, secret: string) => totpAt(secret, Date.now() + offsetSteps * 30_000);

/** A project user with a confirmed factor, set up through the user centre's routes; answers its secret and codes. */
async function enrolled(companyId: number) {
  const user = await createProjectUser(ctx.db, companyId);
  const api = client(ctx.app, await signIn(ctx, user.email), { lang: 'en-US' });
  const started = await api.call(totpRoutes.enrol, { body: { password: PASSWORD } });
  expect(started.statusCode).toBe(200);
  const { secret, uri, qr } = started.data;
  expect(uri).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await api.call(totpRoutes.confirm, { body: { code: at(-1, secret) } });
  expect(confirmed.statusCode).toBe(200);
  return { user, api, secret, recoveryCodes: confirmed.data.recoveryCodes };
}

/** /login with the right password: the challenge answer (error totp_required carrying data). */
async function challengeFor(email: string, remoteAddress = '198.51.100.1') {
  const res = await client(ctx.app, null, { lang: 'en-US', remoteAddress }).call(authRoutes.login, {
    body: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(403);
  const body = res.json();
  expect(body.errorCode).toBe('totp_required');
  return body.data as { challenge: string; enrol: boolean };
}

const loginTotp = (body: { challenge: string; code?: string; recoveryCode?: string }, remoteAddress = '198.51.100.1') =>
  client(ctx.app, null, { lang: 'en-US', remoteAddress }).call(totpRoutes.login, { body });

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, and opens a totp session for the right one', async () => {
    const company = await createCompany(ctx.db);
    const { user, secret, recoveryCodes } = await enrolled(company.id);
    expect(recoveryCodes).toHaveLength(10);
    const { challenge, enrol } = await challengeFor(user.email);
    expect(enrol).toBe(false);
    const wrong = await loginTotp({ challenge, code: '000000' === at(1, secret) ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ errorCode: 'totp_code_wrong', msg: 'Wrong authenticator code' });
    const ok = await loginTotp({ challenge, code: at(1, secret) });
    expect(ok.statusCode).toBe(200);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(sessions.id);
    expect(session).toBeDefined();
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.authMethod)).toContain('totp');
    // The challenge is used once.
    const again = await loginTotp({ challenge, code: at(1, secret) });
    expect(again.json()).toMatchObject({ errorCode: 'totp_challenge_invalid' });
    // The same step is never accepted twice, even with a new challenge.
    const next = await challengeFor(user.email);
    expect((await loginTotp({ challenge: next.challenge, code: at(1, secret) })).json().errorCode).toBe(
      'totp_code_wrong',
    );
  });

  it('takes each recovery code once', async () => {
    const company = await createCompany(ctx.db);
    const { user, recoveryCodes } = await enrolled(company.id);
    const first = await challengeFor(user.email);
    const typed = recoveryCodes[3].toLowerCase().replace('-', ' ');
    expect((await loginTotp({ challenge: first.challenge, recoveryCode: typed })).statusCode).toBe(200);
    const second = await challengeFor(user.email);
    const reused = await loginTotp({ challenge: second.challenge, recoveryCode: recoveryCodes[3] });
    expect(reused.json().errorCode).toBe('recovery_code_wrong');
    const status = await client(
      ctx.app,
      (await loginTotp({ challenge: second.challenge, recoveryCode: recoveryCodes[4] })).data.token,
    ).call(totpRoutes.status);
    expect(status.data).toMatchObject({ enrolled: true, recoveryCodesLeft: 8 });
  });

  it('refuses an expired challenge', async () => {
    const company = await createCompany(ctx.db);
    const { user, secret } = await enrolled(company.id);
    const { challenge } = await challengeFor(user.email);
    await ctx.db
      .update(totpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(totpChallenges.userId, user.id));
    expect((await loginTotp({ challenge, code: at(1, secret) })).json().errorCode).toBe('totp_challenge_invalid');
  });

  it('locks after repeated wrong codes, even when the password is given again between them', async () => {
    const company = await createCompany(ctx.db);
    const { user, secret } = await enrolled(company.id);
    const right = new Set([at(-1, secret), at(0, secret), at(1, secret)]);
    const bad = ['123456', '234567', '345678', '456789', '567890', '678901'].filter((c) => !right.has(c));
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { challenge } = await challengeFor(user.email, '198.51.100.7');
      answers.push((await loginTotp({ challenge, code: bad[i] }, '198.51.100.7')).json().errorCode);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('totp_code_wrong'));
    expect(answers[4]).toBe('too_many_wrong_passwords');
    const failures = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectId, String(user.id)), eq(trail.reason, 'totp_code_wrong')));
    expect(failures.length).toBe(4);
  });

  it('answers bad input as 400 naming the field', async () => {
    const res = await loginTotp({ challenge: '' });
    expect(res.statusCode).toBe(400);
    const none = await loginTotp({ challenge: 'x' });
    expect(none.statusCode).toBe(400);
    const unknown = await loginTotp({ challenge: 'nope', code: '123456' });
    expect(unknown.json().errorCode).toBe('totp_challenge_invalid');
  });
});

describe('the company policy', () => {
  it('makes a user without a factor enrol at sign-in, then signs them in; per role too', async () => {
    const company = await createCompany(ctx.db);
    const admin = await signIn(
      ctx,
      (await createProjectUser(ctx.db, company.id, { userType: 2, isCompanyManager: true })).email,
    );
    const adminApi = client(ctx.app, admin, { lang: 'en-US' });
    const set = await adminApi.call(totpRoutes.setPolicy, {
      body: { totpRequired: false, totpRoles: ['STU_PM'], passwordSignIn: true },
    });
    expect(set.statusCode).toBe(200);
    const off = await adminApi.call(totpRoutes.setPolicy, {
      body: { totpRequired: true, totpRoles: [], passwordSignIn: false },
    });
    expect(off.json()).toMatchObject({ errorCode: 'password_sign_in_needs_sso' });
    expect(off.json().msg).toContain('Password sign-in');
    // Role STU_PM is not held by a plain user: no factor asked.
    const plain = await createProjectUser(ctx.db, company.id);
    expect(await signIn(ctx, plain.email)).toBeTruthy();
    await adminApi.call(totpRoutes.setPolicy, { body: { totpRequired: true, totpRoles: [], passwordSignIn: true } });
    const policy = await adminApi.call(totpRoutes.policy);
    expect(policy.data).toMatchObject({
      companyId: company.id,
      totpRequired: true,
      passwordSignIn: true,
      ssoEnabled: false,
    });

    const { challenge, enrol } = await challengeFor(plain.email);
    expect(enrol).toBe(true);
    const anon = client(ctx.app, null, { lang: 'en-US' });
    const started = await anon.call(totpRoutes.loginEnrol, { body: { challenge } });
    expect(started.statusCode).toBe(200);
    const done = await anon.call(totpRoutes.loginConfirm, { body: { challenge, code: at(0, started.data.secret) } });
    expect(done.statusCode).toBe(200);
    expect(done.data.recoveryCodes).toHaveLength(10);
    const me = client(ctx.app, done.data.session.token, { lang: 'en-US' });
    expect((await me.call(totpRoutes.status)).data).toMatchObject({ enrolled: true, required: true });
    // Turning it off is refused while the policy asks for it.
    const disable = await me.call(totpRoutes.disable, {
      body: { password: PASSWORD, code: at(1, started.data.secret) },
    });
    expect(disable.json().errorCode).toBe('totp_required_by_policy');

    // The administrator's reset: the user enrols again at the next sign-in.
    const reset = await adminApi.call(totpRoutes.reset, { params: { userId: plain.id } });
    expect(reset.json()).toMatchObject({ status: true });
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, plain.id))).toHaveLength(0);
    expect((await challengeFor(plain.email)).enrol).toBe(true);
    // Another company's administrator cannot reset this user.
    const other = await createCompany(ctx.db);
    const otherAdmin = await createProjectUser(ctx.db, other.id, { userType: 2, isCompanyManager: true });
    const refused = await client(ctx.app, await signIn(ctx, otherAdmin.email)).call(totpRoutes.reset, {
      params: { userId: plain.id },
    });
    expect(refused.statusCode).not.toBe(200);
  });
});

describe('the user centre', () => {
  it('turns the factor off with password and code, and renews recovery codes', async () => {
    const company = await createCompany(ctx.db);
    const { api, secret } = await enrolled(company.id);
    const renewed = await api.call(totpRoutes.recoveryCodes, { body: { code: at(0, secret) } });
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    const wrongPw = await api.call(totpRoutes.disable, { body: { password: 'Wrong-pass1', code: at(1, secret) } });
    expect(wrongPw.json().errorCode).toBe('wrong_password');
    const off = await api.call(totpRoutes.disable, { body: { password: PASSWORD, code: at(1, secret) } });
    expect(off.statusCode).toBe(200);
    expect((await api.call(totpRoutes.status)).data).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
  });
});
