import { userRoutes } from '@edoc/contract/user-routes';
import { companyRoutes } from '@edoc/contract/company-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectRow,
  createProjectUser,
  createUser,
  PASSWORD,
  signIn,
  changePasswordAtSignIn,
} from '../../test/factories.ts';
import { temporaryPassword, trailOf, waitForNthMail } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let admin: string;
/** The same administrator in a Chinese session: the session's language wins over Accept-Language. */
let adminZh: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://edoc.example.org' });
  const sys = await createUser(ctx.db);
  admin = await signIn(ctx, sys.email);
  adminZh = await signIn(ctx, sys.email, PASSWORD, 'zh-CN');
});
afterAll(() => ctx.close());

/** Every call of this file asks in English; the Chinese session still answers in Chinese. */
const EN = { lang: 'en-US' };

const login = (email: string, password = PASSWORD) =>
  client(ctx.app).call(authRoutes.login, { body: { email, password } });

describe('companies (system administrator)', () => {
  it('creates a company, shows its details, and records the creation in the trail', async () => {
    const res = await client(ctx.app, admin, EN).call(companyRoutes.create, {
      body: {
        companyName: '  Northwind Trials  ',
        description: 'CRO',
      },
    });
    expect(res.statusCode).toBe(200);
    const { companyId } = res.data as { companyId: number };
    const details = await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: companyId } });
    expect(details.data).toMatchObject({
      companyId,
      companyName: 'Northwind Trials',
      description: 'CRO',
      enabled: true,
      projectCount: 0,
      userCount: 0,
    });
    const [row] = await trailOf(ctx.db, 'company', companyId);
    expect(row).toMatchObject({
      type: TrailType.SettingsChange,
      companyId,
      oldValue: null,
      newValue: { companyName: 'Northwind Trials', enabled: true },
    });
    expect((await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: 999999 } })).statusCode).toBe(
      404,
    );
    expect((await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: 'abc' } })).statusCode).toBe(
      400,
    );
  });

  it("counts each company's own projects and approved users, in the list and the details (issue 12, defect 2)", async () => {
    // Ids far from each other's counts: a count that compared a row with itself read 1 and 0 for every company.
    const busy = await createCompany(ctx.db);
    for (let i = 0; i < 3; i++) await createProjectRow(ctx.db, busy.id);
    for (let i = 0; i < 2; i++) await createProjectUser(ctx.db, busy.id);
    const empty = await createCompany(ctx.db);
    const list = (await client(ctx.app, admin, EN).call(companyRoutes.list, { query: { pageSize: 500 } })).data
      .data as Array<{
      companyId: number;
      projectCount: number;
      userCount: number;
    }>;
    expect(list.find((c) => c.companyId === busy.id)).toMatchObject({ projectCount: 3, userCount: 2 });
    expect(list.find((c) => c.companyId === empty.id)).toMatchObject({ projectCount: 0, userCount: 0 });
    const details = (await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: busy.id } })).data;
    expect(details).toMatchObject({ projectCount: 3, userCount: 2 });
  });

  it('refuses a duplicate name whatever its case and spaces, on create and on rename', async () => {
    await createCompany(ctx.db, { name: 'Contoso Pharma' });
    const dup = await client(ctx.app, admin, EN).call(companyRoutes.create, {
      body: { companyName: ' contoso PHARMA ' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ errorCode: 'company_name_exists', msg: 'Duplicate company name' });
    expect(
      (await client(ctx.app, adminZh, EN).call(companyRoutes.create, { body: { companyName: 'CONTOSO pharma' } })).msg,
    ).toBe('公司名称重复');
    const other = await createCompany(ctx.db);
    expect(
      (
        await client(ctx.app, admin, EN).call(companyRoutes.update, {
          params: { id: other.id },
          body: { companyName: 'contoso pharma' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('renames with old and new values in the trail; an unchanged save writes nothing', async () => {
    const company = await createCompany(ctx.db, { name: 'Fabrikam' });
    expect(
      (
        await client(ctx.app, admin, EN).call(companyRoutes.update, {
          params: { id: company.id },
          body: {
            companyName: 'FABRIKAM',
            description: 'renamed',
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: company.id } })).data,
    ).toMatchObject({
      companyName: 'FABRIKAM',
      description: 'renamed',
    });
    await client(ctx.app, admin, EN).call(companyRoutes.update, {
      params: { id: company.id },
      body: { companyName: 'FABRIKAM' },
    });
    const rows = await trailOf(ctx.db, 'company', company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      oldValue: { companyName: 'Fabrikam', description: null },
      newValue: { companyName: 'FABRIKAM', description: 'renamed' },
    });
    expect(
      (
        await client(ctx.app, admin, EN).call(companyRoutes.update, {
          params: { id: 999999 },
          body: { companyName: 'Nobody' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('names the bad field in the request language', async () => {
    const en = await client(ctx.app, admin, EN).call(companyRoutes.create, { body: { companyName: '   ' } });
    expect(en.statusCode).toBe(400);
    expect(en.msg).toBe('Company name is required');
    const zh = await client(ctx.app, adminZh, EN).post('/company/create');
    expect(zh.json().msg).toBe('请输入公司名称');
    const long = await client(ctx.app, admin, EN).call(companyRoutes.create, {
      body: { companyName: 'x'.repeat(129) },
    });
    expect(long.msg).toBe('Company name cannot exceed 128 characters');
  });

  it('lists newest first, pages, and searches by name regardless of case', async () => {
    const tag = `Zeta${Date.now()}`;
    const a = await createCompany(ctx.db, { name: `${tag} Alpha` });
    const b = await createCompany(ctx.db, { name: `${tag} Beta` });
    const c = await createCompany(ctx.db, { name: `${tag} Gamma` });
    const page1 = (
      await client(ctx.app, admin, EN).call(companyRoutes.list, {
        query: { pageNum: 1, pageSize: 2, searchValue: tag.toLowerCase() },
      })
    ).data;
    expect(page1.total).toBe(3);
    expect(page1.data.map((x: { companyId: number }) => x.companyId)).toEqual([c.id, b.id]);
    const page2 = (
      await client(ctx.app, admin, EN).call(companyRoutes.list, {
        query: { pageNum: 2, pageSize: 2, searchValue: tag.toUpperCase() },
      })
    ).data;
    expect(page2.data.map((x: { companyId: number }) => x.companyId)).toEqual([a.id]);
    // a % typed in the box is a character, not a wildcard
    expect(
      (await client(ctx.app, admin, EN).call(companyRoutes.list, { query: { searchValue: '%' } })).data.total,
    ).toBe(0);
    expect((await client(ctx.app, admin, EN).call(companyRoutes.list, { query: { pageSize: 0 } })).statusCode).toBe(
      400,
    );
  });

  it('is for the system administrator only', async () => {
    const company = await createCompany(ctx.db);
    const manager = await signIn(ctx, (await createCompanyAdmin(ctx.db, company.id)).email);
    const staff = await signIn(ctx, (await createProjectUser(ctx.db, company.id)).email);
    for (const token of [manager, staff]) {
      expect((await client(ctx.app, token, EN).call(companyRoutes.list)).statusCode).toBe(403);
      expect(
        (await client(ctx.app, token, EN).call(companyRoutes.detail, { params: { id: company.id } })).statusCode,
      ).toBe(403);
      expect(
        (await client(ctx.app, token, EN).call(companyRoutes.create, { body: { companyName: `Mine ${Date.now()}` } }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await client(ctx.app, token, EN).call(companyRoutes.update, {
            params: { id: company.id },
            body: { companyName: 'Hijack' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await client(ctx.app, token, EN).call(companyRoutes.disable, { params: { id: company.id } })).statusCode,
      ).toBe(403);
      expect(
        (
          await client(ctx.app, token, EN).call(companyRoutes.setManager, {
            body: {
              companyId: company.id,
              email: 'x@example.com',
              userName: 'X',
            },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await client(ctx.app).call(companyRoutes.list)).statusCode).toBe(401);
  });
});

describe('disabling a company', () => {
  it('stops its people signing in and ends their sessions; enabling lets them back', async () => {
    const company = await createCompany(ctx.db);
    const user = await createProjectUser(ctx.db, company.id);
    const token = await signIn(ctx, user.email);
    expect(
      (await client(ctx.app, admin, EN).call(companyRoutes.disable, { params: { id: company.id } })).statusCode,
    ).toBe(200);
    expect(
      (await client(ctx.app, admin, EN).call(companyRoutes.detail, { params: { id: company.id } })).data.enabled,
    ).toBe(false);
    expect((await client(ctx.app, token, EN).call(userRoutes.info)).statusCode).toBe(401);
    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'user_disabled' });
    expect(
      (await client(ctx.app, admin, EN).call(companyRoutes.enable, { params: { id: company.id } })).statusCode,
    ).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
    const rows = await trailOf(ctx.db, 'company', company.id);
    expect(rows.map((r) => r.reason)).toEqual(['company disabled', 'company enabled']);
    expect(rows[0]).toMatchObject({ oldValue: { enabled: true }, newValue: { enabled: false } });
  });
});

describe('company administrators', () => {
  it('e-mails a temporary password that works only through the forced change', async () => {
    const company = await createCompany(ctx.db);
    const email = `boss.${Date.now()}@example.com`;
    const res = await client(ctx.app, admin, EN).call(companyRoutes.setManager, {
      body: {
        companyId: company.id,
        email: ` ${email.toUpperCase()} `,
        userName: 'Boss',
      },
    });
    expect(res.statusCode).toBe(200);
    const { userId } = res.data as { userId: number };
    expect(Object.keys(res.data)).toEqual(['userId']);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email,
      userType: UserType.Company,
      isCompanyManager: true,
      mustChangePassword: true,
      companyId: company.id,
    });

    const mail = await waitForNthMail(ctx, email, 1);
    expect(mail).toContain('Your edoc account');
    expect(mail).toContain('https://edoc.example.org');
    const temp = temporaryPassword(mail);
    expect(JSON.stringify(res.json())).not.toContain(temp);

    const first = await login(email, temp);
    expect(first.statusCode).toBe(403);
    expect(first.errorCode).toBe('user_inactivated');
    const change = await changePasswordAtSignIn(ctx, email, temp, 'Boss-pass1');
    expect(change.statusCode).toBe(200);
    const signedIn = await login(email, 'Boss-pass1');
    expect(signedIn.data).toMatchObject({
      userType: UserType.Company,
      companyId: company.id,
      companyName: company.name,
    });

    const managers = (await client(ctx.app, admin, EN).call(companyRoutes.managers, { params: { id: company.id } }))
      .data;
    expect(managers).toEqual([
      expect.objectContaining({ userId, email, userName: 'Boss', isCompanyManager: true, userType: UserType.Company }),
    ]);
    const [trailRow] = await trailOf(ctx.db, 'user', userId);
    expect(trailRow).toMatchObject({
      type: TrailType.PermissionChange,
      companyId: company.id,
      newValue: { email, isCompanyManager: true },
    });
    expect(JSON.stringify(trailRow)).not.toContain(temp);
  });

  it('writes the mail in the request language', async () => {
    const company = await createCompany(ctx.db);
    const email = `zh.boss.${Date.now()}@example.com`;
    await client(ctx.app, adminZh, EN).call(companyRoutes.setManager, {
      body: {
        companyId: company.id,
        email,
        userName: '王经理',
      },
    });
    const mail = await waitForNthMail(ctx, email, 1);
    expect(mail).toContain('您的 edoc 账号');
    expect(mail).toContain('https://edoc.example.org');
    expect(temporaryPassword(mail)).toHaveLength(16);
  });

  it('refuses a registered e-mail, an unknown company and bad input', async () => {
    const company = await createCompany(ctx.db);
    const taken = await createUser(ctx.db);
    const dup = await client(ctx.app, admin, EN).call(companyRoutes.setManager, {
      body: {
        companyId: company.id,
        email: taken.email,
        userName: 'Dup',
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      errorCode: 'email_registered',
      msg: 'E-mail already registered, log in directly',
    });
    expect(
      (
        await client(ctx.app, admin, EN).call(companyRoutes.setManager, {
          body: {
            companyId: 999999,
            email: 'n@example.com',
            userName: 'N',
          },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await client(ctx.app, adminZh, EN).call(companyRoutes.setManager, {
      body: {
        companyId: company.id,
        email: 'nope',
        userName: 'N',
      },
    });
    expect(bad.msg).toBe('邮箱格式不正确');
    const noCompany = await client(ctx.app, admin, EN).post('/company/set/company/manager/a', {
      email: 'n@example.com',
      userName: 'N',
    });
    expect(noCompany.json().msg).toBe('Company is required');
  });

  it('a company administrator sees their own managers only', async () => {
    const mine = await createCompany(ctx.db);
    const theirs = await createCompany(ctx.db);
    const manager = await signIn(ctx, (await createCompanyAdmin(ctx.db, mine.id)).email);
    expect(
      (await client(ctx.app, manager, EN).call(companyRoutes.managers, { params: { id: mine.id } })).data,
    ).toHaveLength(1);
    expect(
      (await client(ctx.app, manager, EN).call(companyRoutes.managers, { params: { id: theirs.id } })).statusCode,
    ).toBe(403);
  });
});
