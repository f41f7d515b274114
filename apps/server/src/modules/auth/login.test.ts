import { userRoutes } from '@edoc/contract/user-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { SLOWDOWN_START_MS } from '@edoc/contract/limits';
import { loginFailures } from '../../db/schema/sign-in.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createUser, PASSWORD, signIn } from '../../test/factories.ts';
import { waitForMail } from '../../test/records.ts';
import { bearer, client } from '../../test/requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (payload: Record<string, string>, lang = 'en-US') =>
  client(ctx.app).post('/login', payload, { 'accept-language': lang });

describe('POST /edoc/login validation', () => {
  it.each([
    [{ password: 'x' }, 'en-US', 'E-mail is required'],
    [{ email: '', password: 'x' }, 'en-US', 'E-mail is required'],
    [{ email: '   ', password: 'x' }, 'zh-CN', '请输入邮箱'],
    [{ email: 'not-an-email', password: 'x' }, 'en-US', 'E-mail is not a valid e-mail address'],
    [{ email: 'not-an-email', password: 'x' }, 'zh-CN', '邮箱格式不正确'],
    [{ email: `${'a'.repeat(120)}@example.com`, password: 'x' }, 'en-US', 'E-mail cannot exceed 128 characters'],
    [{ email: 'a@example.com' }, 'en-US', 'Password is required'],
    [{ email: 'a@example.com', password: '' }, 'zh-CN', '请输入密码'],
    [{ email: 'a@example.com', password: 'x'.repeat(21) }, 'en-US', 'Password cannot exceed 20 characters'],
  ])('%j (%s) -> 400 "%s"', async (payload, lang, msg) => {
    const res = await post(payload as Record<string, string>, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, msg, errorCode: expect.any(String) });
  });

  it('trims the e-mail and ignores its case', async () => {
    const user = await createUser(ctx.db, { email: 'trim.me@example.com' });
    const res = await post({ email: '  Trim.Me@Example.com ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userId: user.id,
      userName: user.name,
      email: 'trim.me@example.com',
      userType: UserType.System,
      companyId: null,
    });
    expect(res.json().data.token).toMatch(/^[\w-]{40,}$/);
  });
});

describe('wrong credentials and the lock', () => {
  it('answers an unknown e-mail and a wrong password with the same message', async () => {
    const user = await createUser(ctx.db);
    const unknown = await post({ email: 'nobody@example.com', password: PASSWORD });
    const wrong = await post({ email: user.email, password: 'Wrong-pass1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ errorCode: 'wrong_credentials', msg: 'Wrong e-mail or password' });
  });

  it('shuts one source out of the account after five wrong passwords, tells the owner, and keeps the owner in', async () => {
    const user = await createUser(ctx.db);
    const attacker = client(ctx.app, null, { lang: 'en-US', remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 4; i++)
      expect(
        (await attacker.call(authRoutes.login, { body: { email: user.email, password: 'Wrong-pass1' } })).statusCode,
      ).toBe(401);
    const fifth = await attacker.call(authRoutes.login, { body: { email: user.email, password: 'Wrong-pass1' } });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      errorCode: 'too_many_wrong_passwords',
      msg: 'Too many wrong passwords, retry after one hour',
    });
    // Even the right password from that source is refused for the hour.
    expect(
      (await attacker.call(authRoutes.login, { body: { email: user.email, password: PASSWORD } })).statusCode,
    ).toBe(423);
    // The owner, from their own address, still signs in (issue 9: nobody can lock the owner out).
    const owner = client(ctx.app, null, { remoteAddress: '198.51.100.7' });
    expect((await owner.call(authRoutes.login, { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(
      200,
    );
    expect(await waitForMail(ctx, user.email)).toContain('203.0.113.9');
  });

  it('answers an unknown account exactly like a known one, locked included', async () => {
    const known = await createUser(ctx.db);
    const from = client(ctx.app, null, { lang: 'en-US', remoteAddress: '203.0.113.10' });
    const answers = async (email: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++)
        seen.push((await from.call(authRoutes.login, { body: { email, password: 'Wrong-pass1' } })).json());
      return seen;
    };
    expect(await answers('nobody-here@example.com')).toEqual(await answers(known.email));
  });

  it('slows guessing from many sources down instead of locking', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) {
      const from = client(ctx.app, null, { remoteAddress: `192.0.2.${i + 1}` });
      expect(
        (await from.call(authRoutes.login, { body: { email: user.email, password: 'Wrong-pass1' } })).statusCode,
      ).toBe(401);
    }
    const started = Date.now();
    const owner = client(ctx.app, null, { remoteAddress: '192.0.2.100' });
    expect((await owner.call(authRoutes.login, { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(
      200,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWDOWN_START_MS);
  });

  it('lets the source in again once the hour is over', async () => {
    const user = await createUser(ctx.db);
    const account = sha256(user.email);
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await ctx.db
      .insert(loginFailures)
      .values(Array.from({ length: 5 }, () => ({ ip: '127.0.0.1', account, at: hourAgo })));
    expect((await post({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('a success resets the count of failures', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 4; i++) await post({ email: user.email, password: 'Wrong-pass1' });
    expect((await post({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await post({ email: user.email, password: 'Wrong-pass1' })).statusCode).toBe(401);
  });

  it('refuses a disabled account only after the password is right', async () => {
    const user = await createUser(ctx.db, { enabled: false });
    expect((await post({ email: user.email, password: 'Wrong-pass1' })).json().errorCode).toBe('wrong_credentials');
    const res = await post({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('user_disabled');
  });
});

describe('forced password change', () => {
  it('answers user_inactivated for a new or reset account', async () => {
    const user = await createUser(ctx.db, { mustChangePassword: true });
    const res = await post({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'user_inactivated',
      msg: 'A new user must change the password first',
    });
  });

  it('answers password_expired when the password is older than PASSWORD_MAX_AGE_DAYS', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    const user = await createUser(ctx.db, { passwordChangedAt: old });
    const res = await post({ email: user.email, password: PASSWORD }, 'zh-CN');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'password_expired', msg: '密码已过期，请修改密码' });
    const fresh = await createUser(ctx.db, { passwordChangedAt: new Date(Date.now() - 89 * 86_400_000) });
    expect((await post({ email: fresh.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  const info = (headers: Record<string, string> = {}) => client(ctx.app).call(userRoutes.info, { headers: headers });

  it('401 without a token or with a wrong one', async () => {
    expect((await info()).statusCode).toBe(401);
    expect((await info()).errorCode).toBe('unauthorized');
    expect((await info(bearer('made-up'))).statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    expect((await info(bearer(token))).statusCode).toBe(200);
    expect((await client(ctx.app, token).call(authRoutes.logout)).statusCode).toBe(200);
    expect((await info(bearer(token))).statusCode).toBe(401);
  });

  it('expires a session idle for longer than its limit, and keeps an active one', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const limit = ctx.deps.config.SESSION_IDLE_MINUTES;
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (limit - 1) * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await info(bearer(token))).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (limit + 1) * 60_000) })
      .where(eq(sessions.userId, user.id));
    const res = await info({ ...bearer(token), 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: 'session_expired',
      msg: 'The operation time is over, reopen the page',
    });
    // once expired, it stays expired
    await ctx.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await info(bearer(token))).statusCode).toBe(401);
  });

  it('a request moves the idle deadline; /session/extend answers the seconds left', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(ctx, user.email);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    const res = await client(ctx.app, token).call(authRoutes.extendSession);
    expect(res.data.idleSeconds).toBe(ctx.deps.config.SESSION_IDLE_MINUTES * 60);
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - s.lastSeenAt.getTime()).toBeLessThan(5_000);
  });

  it('speaks the session language, else Accept-Language, else Chinese', async () => {
    const anonymous = await client(ctx.app).call(userRoutes.info);
    expect(anonymous.msg).toBe('请先登录');
    const user = await createUser(ctx.db);
    const res = await client(ctx.app).call(authRoutes.login, {
      body: { email: user.email, password: PASSWORD, lang: 'en-US' },
    });
    const token = res.data.token;
    const bad = await client(ctx.app, token).call(userRoutes.modifyInfo, { body: { userName: '' } });
    expect(bad.msg).toBe('Name is required');
  });
});

describe('the language a sign-in names (issue 14)', () => {
  // SPEC §7: the login form is form-encoded, and existing clients name the language in several forms.
  const formLogin = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/edoc/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it.each([
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['EN_us', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
  ])('lang=%s signs in speaking %s', async (lang, expected) => {
    const user = await createUser(ctx.db);
    const res = await formLogin({ email: user.email, password: PASSWORD, lang });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lang).toBe(expected);
  });

  it.each([
    ['en-US', 'zh-CN', 'Wrong e-mail or password'],
    ['en', 'zh-CN', 'Wrong e-mail or password'],
    ['zh_CN', 'en-US', '邮箱或密码错误'],
  ])('a refused sign-in with lang=%s (browser %s) is answered in that language', async (lang, browser, msg) => {
    const user = await createUser(ctx.db);
    const res = await formLogin({ email: user.email, password: 'Wrong-pass-1', lang }, { 'accept-language': browser });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(msg);
    const invalid = await formLogin({ email: 'not-an-email', password: 'x', lang }, { 'accept-language': browser });
    expect(invalid.json().msg).toBe(lang.startsWith('en') ? 'E-mail is not a valid e-mail address' : '邮箱格式不正确');
  });

  it('refuses a language it does not speak, naming the field', async () => {
    const user = await createUser(ctx.db);
    const res = await formLogin({ email: user.email, password: PASSWORD, lang: 'fr' }, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0]).toMatchObject({ field: 'lang' });
  });
});
