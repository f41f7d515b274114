import { authRoutes } from '@edoc/contract/auth-routes';
import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHistory, users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createCompanyAdmin, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { captchaAnswer, trailOf, waitForMail, waitForNthMail } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let company: { id: number; name: string };
let managerEmail: string;
let manager: string;
let managerId: number;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://edoc.example.org' });
  company = await createCompany(ctx.db, { name: 'Acme Clinical' });
  const m = await createCompanyAdmin(ctx.db, company.id, { lang: 'en-US' });
  managerEmail = m.email;
  managerId = m.id;
  manager = await signIn(ctx, m.email);
});
afterAll(() => ctx.close());

let seq = 0;
const applicant = () => ({
  userName: 'Han Meimei',
  email: `applicant${++seq}.${Date.now()}@example.com`,
  companyName: 'Acme Clinical',
  password: 'Regist-er1',
});
const register = (payload: Record<string, unknown>, lang = 'en-US') =>
  client(ctx.app).post('/register', payload, { 'accept-language': lang });
/** The account a registration made (the answer names none: issue 9). */
const accountOf = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())))[0]?.id;
const login = (email: string, password: string) =>
  client(ctx.app).call(authRoutes.login, { body: { email, password } });
const decide = (token: string, userId: number, payload: Record<string, unknown>) =>
  client(ctx.app, token).post(`/company/approve/${userId}/a`, payload);
const list = (token: string, query: string) => client(ctx.app, token).get(`/company/approve/list?${query}`);

describe('POST /edoc/register', () => {
  it('creates a pending external user that cannot sign in until approved, then can', async () => {
    const body = { ...applicant(), companyName: '  acme CLINICAL ' };
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const userId = await accountOf(body.email);
    expect(res.json().data).toEqual({ approvalStatus: 0 });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      userType: UserType.Project,
      origin: 1,
      approvalStatus: 0,
      mustChangePassword: false,
      companyId: company.id,
      email: body.email,
    });
    expect(row.passwordHash).not.toContain(body.password);
    expect(await ctx.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(1);
    const [t] = await trailOf(ctx.db, 'user', userId);
    expect(t).toMatchObject({
      type: TrailType.UserChange,
      actorId: userId,
      companyId: company.id,
      reason: 'registration',
    });

    const pending = await login(body.email, body.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ errorCode: 'user_pending_approval' });
    expect(await waitForNthMail(ctx, managerEmail, 1)).toContain('https://edoc.example.org/company/approve');

    const waiting = (await list(manager, 'status=0')).json().data;
    expect(waiting.data).toEqual([
      expect.objectContaining({
        userId,
        email: body.email,
        approvalStatus: 0,
        companyName: 'Acme Clinical',
        decidedAt: null,
      }),
    ]);

    expect((await decide(manager, userId, { pass: true })).statusCode).toBe(200);
    const approved = await waitForNthMail(ctx, body.email, 1);
    expect(approved).toContain('approved');
    const signedIn = await login(body.email, body.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.data).toMatchObject({ userId, userType: UserType.Project, companyId: company.id });

    const decided = (await trailOf(ctx.db, 'user', userId)).filter((r) => r.reason === 'registration approved');
    expect(decided).toEqual([
      expect.objectContaining({
        actorId: managerId,
        oldValue: expect.objectContaining({ approvalStatus: 0 }),
        newValue: expect.objectContaining({ approvalStatus: 1 }),
      }),
    ]);
    expect((await list(manager, 'status=1')).json().data.data.map((r: { userId: number }) => r.userId)).toContain(
      userId,
    );

    const again = await decide(manager, userId, { pass: false, reason: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('stale_state');
  });

  it('a rejection needs a reason, keeps the account out and tells the applicant why', async () => {
    const body = applicant();
    await register(body);
    const userId = await accountOf(body.email);
    const noReason = await decide(manager, userId, { pass: false, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('Reason is required');
    expect((await decide(manager, userId, {})).json().msg).toBe('Decision is required');
    expect((await decide(manager, userId, { pass: false, reason: 'Not our staff' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ approvalStatus: 2, approvalReason: 'Not our staff' });
    expect(await waitForNthMail(ctx, body.email, 1)).toContain('Reason: Not our staff');
    expect((await login(body.email, body.password)).errorCode).toBe('user_pending_approval');
    const rejected = (await list(manager, 'status=2')).json().data.data;
    expect(rejected).toEqual([
      expect.objectContaining({ userId, approvalReason: 'Not our staff', decidedAt: expect.any(String) }),
    ]);
    expect((await decide(manager, userId, { pass: true })).statusCode).toBe(409);
  });

  it('the applicant reads the decision in the language they registered in', async () => {
    const body = applicant();
    await register(body, 'zh-CN');
    const userId = await accountOf(body.email);
    await decide(manager, userId, { pass: true });
    expect(await waitForNthMail(ctx, body.email, 1)).toContain('您的 edoc 注册申请已通过');
  });

  it('answers an unknown or disabled company, and a registered e-mail, exactly as a real registration', async () => {
    // Issue 25: company_not_found told a stranger which company names exist. Nothing is made; the address is told.
    const fresh = await register(applicant());
    const unknownBody = { ...applicant(), companyName: 'Nobody Inc' };
    const unknown = await register(unknownBody);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(fresh.json());
    expect(await ctx.db.select().from(users).where(eq(users.email, unknownBody.email.toLowerCase()))).toEqual([]);
    expect(await waitForMail(ctx, unknownBody.email)).toMatch(/no enabled company has that name/);
    const closed = await createCompany(ctx.db, { enabled: false });
    const closedBody = { ...applicant(), companyName: closed.name };
    expect((await register(closedBody, 'zh-CN')).json()).toEqual(fresh.json());
    expect(await waitForMail(ctx, closedBody.email)).toMatch(/没有名称相同且已启用的公司/);
    // A taken address answers exactly like a free one; only its holder is told (issue 9).
    const taken = await createUser(ctx.db);
    const dup = await register({ ...applicant(), email: taken.email.toUpperCase() });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toEqual(fresh.json());
    expect(await waitForMail(ctx, taken.email)).toMatch(/already has one|已有账号/);
    const [holder] = await ctx.db.select().from(users).where(eq(users.id, taken.id));
    expect(holder.approvalStatus).toBe(taken.approvalStatus);
  });

  it('names bad fields in the request language and applies the password policy', async () => {
    const en = await register({ ...applicant(), companyName: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Company name is required');
    expect((await register({ ...applicant(), companyName: '' }, 'zh-CN')).json().msg).toBe('请输入公司名称');
    expect((await register({ ...applicant(), password: 'abcdefgh' })).json().msg).toBe(
      'Length 6-20, must contain digits, letters and symbols',
    );
    expect((await register({ ...applicant(), password: 'Ab1!' }, 'zh-CN')).json().msg).toBe('密码长度不能小于6');
    expect((await register({ ...applicant(), email: 'nope' }, 'zh-CN')).json().msg).toBe('邮箱格式不正确');
  });
});

describe('approval boundaries', () => {
  it("another company's administrator can neither list nor decide the registrations", async () => {
    const other = await createCompany(ctx.db);
    const otherManager = await signIn(ctx, (await createCompanyAdmin(ctx.db, other.id)).email);
    const reg = applicant();
    await register(reg);
    const userId = await accountOf(reg.email);
    expect((await list(otherManager, `status=0&companyId=${company.id}`)).statusCode).toBe(403);
    const own = (await list(otherManager, 'status=0')).json().data;
    expect(own.total).toBe(0);
    const res = await decide(otherManager, userId, { pass: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('user_not_exist');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row.approvalStatus).toBe(0);
    const staff = await signIn(ctx, (await createProjectUser(ctx.db, company.id)).email);
    expect((await decide(staff, userId, { pass: true })).statusCode).toBe(403);
    expect((await list(staff, 'status=0')).statusCode).toBe(403);
  });

  it('the system administrator decides for any company; the status filter is checked', async () => {
    const system = await signIn(ctx, (await createUser(ctx.db)).email);
    const reg = applicant();
    await register(reg);
    const userId = await accountOf(reg.email);
    expect((await list(system, 'status=0')).json().msg).toBe('Company is required');
    expect(
      (await list(system, `status=0&companyId=${company.id}`))
        .json()
        .data.data.map((r: { userId: number }) => r.userId),
    ).toContain(userId);
    expect((await list(system, `status=3&companyId=${company.id}`)).json().msg).toBe('Status is invalid');
    expect((await decide(system, userId, { pass: true })).statusCode).toBe(200);
  });
});

describe('registration with the verification code on', () => {
  let captchaCtx: TestContext;
  beforeAll(async () => {
    captchaCtx = await createTestContext({ LOGIN_CAPTCHA: 'on' });
    await createCompany(captchaCtx.db, { name: 'Acme Clinical' });
  });
  afterAll(() => captchaCtx.close());

  const send = (payload: Record<string, unknown>) =>
    client(captchaCtx.app).post('/register', payload, { 'accept-language': 'en-US' });
  async function captcha() {
    const { id } = (await client(captchaCtx.app).call(authRoutes.captcha)).data as { id: string };
    return { id, code: await captchaAnswer(captchaCtx.db, id) };
  }

  it('requires the code, refuses a wrong one, and accepts the right one', async () => {
    expect((await send(applicant())).json().msg).toBe('Verification code is required');
    const c1 = await captcha();
    const wrong = await send({ ...applicant(), captchaId: c1.id, captchaCode: c1.code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('verification_code_error');
    const c2 = await captcha();
    expect((await send({ ...applicant(), captchaId: c2.id, captchaCode: c2.code })).statusCode).toBe(200);
  });
});
