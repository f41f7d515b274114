import { companyUserRoutes } from '@edoc/contract/company-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { UserType } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createCompanyAdmin, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { temporaryPassword, trailOf, waitForNthMail } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { rowsOf, uploadAs, xlsxOf } from '../../test/xlsx-fixtures.ts';

let ctx: TestContext;
let companyA: number;
let companyB: number;
let adminA: string;
let adminB: string;
let system: string;
let staffA: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://edoc.example.org' });
  companyA = (await createCompany(ctx.db)).id;
  companyB = (await createCompany(ctx.db)).id;
  adminA = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA)).email);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB)).email);
  system = await signIn(ctx, (await createUser(ctx.db)).email);
  staffA = await signIn(ctx, (await createProjectUser(ctx.db, companyA)).email);
});
afterAll(() => ctx.close());

const HEADERS = ['Name', 'E-mail', 'Mobile', 'First name', 'Last name'];
const importFile = (
  token: string,
  rows: unknown[][],
  opts: { name?: string; query?: string; headers?: unknown[] } = {},
) =>
  xlsxOf({ Users: [opts.headers ?? HEADERS, ...rows] }).then((file) =>
    uploadAs(ctx, token, `/company/user/import${opts.query ?? ''}`, opts.name ?? 'users.xlsx', file),
  );
const companyUsers = (companyId: number) => ctx.db.select().from(users).where(eq(users.companyId, companyId));

describe('company user import', () => {
  it('offers a template with the columns in the request language', async () => {
    const en = await client(ctx.app, adminA).call(companyUserRoutes.importSample);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(await rowsOf(en.rawPayload)).toEqual({ Users: [HEADERS] });
    const zhAdmin = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA)).email, undefined, 'zh-CN');
    const zh = await client(ctx.app, zhAdmin).call(companyUserRoutes.importSample);
    expect(await rowsOf(zh.rawPayload)).toEqual({ 用户: [['姓名', '邮箱', '手机', '名', '姓']] });
    expect((await client(ctx.app, staffA).call(companyUserRoutes.importSample)).statusCode).toBe(403);
  });

  it('creates every user of a good file as a project user who gets the usual one-time password mail', async () => {
    const before = (await companyUsers(companyA)).length;
    const res = await importFile(adminA, [
      ['Li Lei', 'Li.Lei@Example.com', '13800000000', 'Lei', 'Li'],
      ['Han Meimei', 'han@example.com'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { imported: 2 } });
    const created = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.email, ['li.lei@example.com', 'han@example.com']));
    expect(created).toHaveLength(2);
    const li = created.find((u) => u.email === 'li.lei@example.com')!;
    expect(li).toMatchObject({
      name: 'Li Lei',
      mobile: '13800000000',
      firstName: 'Lei',
      lastName: 'Li',
      userType: UserType.Project,
      companyId: companyA,
      mustChangePassword: true,
      origin: 0,
      approvalStatus: 1,
    });
    expect((await companyUsers(companyA)).length).toBe(before + 2);
    const mail = await waitForNthMail(ctx, 'han@example.com', 1);
    expect(mail).toContain('Your edoc account');
    expect(mail).toContain('https://edoc.example.org');
    const login = await client(ctx.app).call(authRoutes.login, {
      body: {
        email: 'han@example.com',
        password: temporaryPassword(mail),
        lang: 'en-US',
      },
    });
    expect(login.errorCode).toBe('user_inactivated');
    const trail = await trailOf(ctx.db, 'user', li.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ reason: 'user imported', companyId: companyA });
    expect(JSON.stringify(trail[0].newValue)).not.toContain('password');
  });

  it('reports every wrong row by row and column and imports nothing', async () => {
    const before = (await companyUsers(companyA)).length;
    const res = await importFile(adminA, [
      ['Good One', 'good1@example.com'],
      ['', 'noname@example.com'],
      ['Bad Mail', 'not-an-email'],
      ['Twice', 'twice@example.com'],
      ['Twice Again', 'TWICE@example.com'],
      ['Taken', 'li.lei@example.com'],
      ['Long Mobile', 'long@example.com', '1'.repeat(33)],
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      errorCode: 'import_invalid',
      msg: 'The import file has errors; nothing was imported',
    });
    expect(body.data.errors).toEqual([
      { row: 3, column: 'Name', message: 'Name is required' },
      { row: 4, column: 'E-mail', message: 'E-mail is not a valid e-mail address' },
      { row: 6, column: 'E-mail', message: 'E-mail appears more than once in the file' },
      { row: 7, column: 'E-mail', message: 'E-mail already registered, log in directly' },
      { row: 8, column: 'Mobile', message: 'Mobile cannot exceed 32 characters' },
    ]);
    expect((await companyUsers(companyA)).length).toBe(before);
    const [good] = await ctx.db.select().from(users).where(eq(users.email, 'good1@example.com'));
    expect(good).toBeUndefined();
  });

  it('reads Chinese headers and answers in Chinese for a Chinese session', async () => {
    const zh = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA)).email, undefined, 'zh-CN');
    const res = await importFile(zh, [['王五', 'bad']], { headers: ['姓名', '邮箱', '手机', '名', '姓'] });
    expect(res.json()).toMatchObject({ errorCode: 'import_invalid', msg: '导入文件有误，未导入任何数据' });
    expect(res.json().data.errors).toEqual([{ row: 2, column: '邮箱', message: '邮箱格式不正确' }]);
    const ok = await importFile(zh, [['王五', 'wangwu@example.com']], {
      headers: ['姓名', '邮箱', '手机', '名', '姓'],
    });
    expect(ok.json().data).toEqual({ imported: 1 });
    expect(await waitForNthMail(ctx, 'wangwu@example.com', 1)).toContain('临时密码');
  });

  it('refuses a missing column, an empty sheet, and files that are not xlsx workbooks', async () => {
    const noMobile = await importFile(adminA, [['A', 'a@example.com']], {
      headers: ['Name', 'E-mail', 'First name', 'Last name'],
    });
    expect(noMobile.json().data.errors).toEqual([{ row: 1, column: 'Mobile', message: 'Mobile is required' }]);
    const empty = await importFile(adminA, []);
    expect(empty.json()).toMatchObject({ errorCode: 'import_invalid' });
    expect(empty.json().data.errors).toHaveLength(1);

    const text = await uploadAs(
      ctx,
      adminA,
      '/company/user/import',
      'users.xlsx',
      Buffer.from('name,email\nA,a@example.com'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ errorCode: 'import_not_excel', msg: 'Upload an Excel file (.xlsx)' });
    const csvName = await uploadAs(
      ctx,
      adminA,
      '/company/user/import',
      'users.csv',
      await xlsxOf({ Users: [HEADERS] }),
    );
    expect(csvName.json().errorCode).toBe('import_not_excel');
  });

  it('lets only the company administrator (or the system administrator naming the company) import', async () => {
    expect((await importFile(staffA, [['X', 'x1@example.com']])).statusCode).toBe(403);
    expect((await importFile(adminB, [['X', 'x2@example.com']], { query: `?companyId=${companyA}` })).statusCode).toBe(
      403,
    );
    const bySystem = await importFile(system, [['Sys Made', 'sysmade@example.com']], {
      query: `?companyId=${companyB}`,
    });
    expect(bySystem.json().data).toEqual({ imported: 1 });
    const [made] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'sysmade@example.com'), eq(users.companyId, companyB)));
    expect(made).toBeDefined();
    expect((await importFile(system, [['Y', 'y@example.com']])).json().msg).toBe('Company is required');
  });
});
