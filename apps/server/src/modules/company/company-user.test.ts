import { userRoutes } from '@edoc/contract/user-routes';
import { registrationRoutes } from '@edoc/contract/registration-routes';
import { companyRoutes, companyUserRoutes } from '@edoc/contract/company-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  addMemberRow,
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
let companyA: number;
let companyB: number;
let adminA: string;
let adminAId: number;
let adminB: string;
let system: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://edoc.example.org' });
  companyA = (await createCompany(ctx.db)).id;
  companyB = (await createCompany(ctx.db)).id;
  const a = await createCompanyAdmin(ctx.db, companyA);
  adminAId = a.id;
  adminA = await signIn(ctx, a.email);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB)).email);
  system = await signIn(ctx, (await createUser(ctx.db)).email);
});
afterAll(() => ctx.close());

const login = (email: string, password = PASSWORD) =>
  client(ctx.app).call(authRoutes.login, { body: { email, password } });
const changePassword = (email: string, password: string, newPassword: string) =>
  changePasswordAtSignIn(ctx, email, password, newPassword);

describe('creating a company user', () => {
  it('makes a project user whose e-mailed password signs in through the forced change', async () => {
    const email = `new.${Date.now()}@example.com`;
    const res = await client(ctx.app, adminA).call(companyUserRoutes.create, {
      body: {
        email,
        userName: 'Li Lei',
        mobile: '13800000000',
      },
    });
    expect(res.statusCode).toBe(200);
    const { userId } = res.data as { userId: number };
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      userType: UserType.Project,
      companyId: companyA,
      isCompanyManager: false,
      mustChangePassword: true,
      origin: 0,
      approvalStatus: 1,
    });

    const mail = await waitForNthMail(ctx, email, 1);
    expect(mail).toContain('https://edoc.example.org');
    const temp = temporaryPassword(mail);
    expect(res.body).not.toContain(temp);
    expect((await login(email, temp)).errorCode).toBe('user_inactivated');
    expect((await changePassword(email, temp, 'Li-Lei-pass1')).statusCode).toBe(200);
    expect((await login(email, 'Li-Lei-pass1')).data).toMatchObject({
      userId,
      userType: UserType.Project,
      companyId: companyA,
    });

    const [trailRow] = await trailOf(ctx.db, 'user', userId);
    expect(trailRow).toMatchObject({
      type: TrailType.UserChange,
      actorId: adminAId,
      companyId: companyA,
      newValue: { email, userType: UserType.Project },
    });
    expect(JSON.stringify(trailRow)).not.toContain(temp);
  });

  it('refuses a registered e-mail and names bad fields in the session language', async () => {
    const taken = await createUser(ctx.db);
    const dup = await client(ctx.app, adminA).call(companyUserRoutes.create, {
      body: { email: taken.email, userName: 'Dup' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.errorCode).toBe('email_registered');
    const en = await client(ctx.app, adminA).call(companyUserRoutes.create, {
      body: { email: 'x@example.com', userName: '' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.msg).toBe('Name is required');
    const zhToken = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA)).email, PASSWORD, 'zh-CN');
    const zh = await client(ctx.app, zhToken).call(companyUserRoutes.create, {
      body: {
        email: 'x@example.com',
        userName: 'X',
        mobile: '1'.repeat(33),
      },
    });
    expect(zh.msg).toBe('手机不能超过32个字符');
  });

  it('the system administrator must name the company', async () => {
    const missing = await client(ctx.app, system).call(companyUserRoutes.create, {
      body: {
        email: 'sys.made@example.com',
        userName: 'S',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.msg).toBe('Company is required');
    const res = await client(ctx.app, system).call(companyUserRoutes.create, {
      query: { companyId: companyB },
      body: {
        email: `sys.${Date.now()}@example.com`,
        userName: 'S',
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, res.data.userId));
    expect(row.companyId).toBe(companyB);
    expect(
      (
        await client(ctx.app, system).call(companyUserRoutes.create, {
          query: { companyId: 999999 },
          body: {
            email: 'nowhere@example.com',
            userName: 'N',
          },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the user list', () => {
  it('pages newest first and searches name or e-mail; only the own company', async () => {
    const tag = `tag${Date.now()}`;
    const first = await createProjectUser(ctx.db, companyA, { name: `${tag} One` });
    const second = await createProjectUser(ctx.db, companyA, { email: `${tag}.two@example.com` });
    await createProjectUser(ctx.db, companyB, { name: `${tag} Other company` });
    await createProjectUser(ctx.db, companyA, { name: `${tag} Pending`, origin: 1, approvalStatus: 0 });
    const page = (
      await client(ctx.app, adminA).call(companyUserRoutes.list, {
        query: { pageNum: 1, pageSize: 1, searchValue: tag.toUpperCase() },
      })
    ).data;
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      expect.objectContaining({ userId: second.id, companyId: companyA, userType: UserType.Project, enabled: true }),
    ]);
    const page2 = (
      await client(ctx.app, adminA).call(companyUserRoutes.list, {
        query: { pageNum: 2, pageSize: 1, searchValue: tag },
      })
    ).json().data;
    expect(page2.data[0].userId).toBe(first.id);
    const ofB = (
      await client(ctx.app, system).call(companyUserRoutes.list, { query: { companyId: companyB, searchValue: tag } })
    ).json().data;
    expect(ofB.total).toBe(1);
  });

  it('exports CSV with a byte-order mark, so Excel reads Chinese names', async () => {
    const company = await createCompany(ctx.db);
    const token = await signIn(ctx, (await createCompanyAdmin(ctx.db, company.id, { name: 'Admin' })).email);
    await createProjectUser(ctx.db, company.id, {
      name: '张三',
      mobile: '13900000000',
      email: 'zhang.san@example.com',
    });
    await createProjectUser(ctx.db, company.id, {
      name: '=HYPERLINK("x")',
      enabled: false,
      email: 'formula@example.com',
    });
    const res = await client(ctx.app, token).call(companyUserRoutes.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="company-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('E-mail,Name,Mobile,Type,Enabled,Created (UTC)');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^formula@example\.com,"'=HYPERLINK\(""x""\)",,Project user,No,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(lines[2]).toMatch(/^zhang\.san@example\.com,张三,13900000000,Project user,Yes,/);
    expect(lines[3]).toMatch(/,Admin,,Company administrator,Yes,/);
  });

  it('lists the company users who are not members of a project', async () => {
    const project = await createProjectRow(ctx.db, companyA);
    const member = await createProjectUser(ctx.db, companyA, { name: 'Member' });
    const outsider = await createProjectUser(ctx.db, companyA, { name: 'Candidate' });
    await createProjectUser(ctx.db, companyA, { name: 'Disabled', enabled: false });
    await addMemberRow(ctx.db, project.id, member.id);
    const res = await client(ctx.app, adminA).call(companyUserRoutes.notInProject, { query: { studyId: project.id } });
    expect(res.statusCode).toBe(200);
    const ids = (res.data as Array<{ userId: number; enabled: boolean }>).map((u) => u.userId);
    expect(ids).toContain(outsider.id);
    expect(ids).not.toContain(member.id);
    expect((res.data as Array<{ enabled: boolean }>).every((u) => u.enabled)).toBe(true);
    expect(
      (
        await client(ctx.app, adminA).call(companyUserRoutes.notInProject, {
          query: { studyId: project.id, searchValue: 'candid' },
        })
      ).json().data,
    ).toHaveLength(1);
    expect((await client(ctx.app, adminA).get('/company/users/not/study')).json().msg).toBe('Project is required');
  });
});

describe('editing, disabling and resetting', () => {
  it('edits name and mobile with old and new values in the trail', async () => {
    const user = await createProjectUser(ctx.db, companyA, { name: 'Old Name', mobile: '111' });
    expect(
      (
        await client(ctx.app, adminA).post('/company/user/a', {
          userId: user.id,
          email: user.email,
          userName: 'New Name',
          mobile: '',
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'New Name', mobile: null, email: user.email });
    const [t] = await trailOf(ctx.db, 'user', user.id);
    expect(t).toMatchObject({
      type: TrailType.UserChange,
      oldValue: { userName: 'Old Name', mobile: '111' },
      newValue: { userName: 'New Name', mobile: null },
    });
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets the user back', async () => {
    const user = await createProjectUser(ctx.db, companyA);
    const token = await signIn(ctx, user.email);
    expect(
      (
        await client(ctx.app, adminA).call(companyUserRoutes.update, {
          body: { userId: user.id, userName: user.name, enabled: false },
        })
      ).statusCode,
    ).toBe(200);
    expect((await client(ctx.app, token).call(userRoutes.info)).statusCode).toBe(401);
    expect((await login(user.email)).errorCode).toBe('user_disabled');
    await client(ctx.app, adminA).call(companyUserRoutes.update, {
      body: { userId: user.id, userName: user.name, enabled: true },
    });
    expect((await login(user.email)).statusCode).toBe(200);
    const changes = (await trailOf(ctx.db, 'user', user.id)).filter((r) => r.type === TrailType.UserChange);
    expect(changes.map((r) => r.reason)).toEqual(['user disabled', 'user enabled']);
    expect(changes[0]).toMatchObject({ oldValue: { enabled: true }, newValue: { enabled: false } });
  });

  it('an administrator cannot disable their own account', async () => {
    const res = await client(ctx.app, adminA).call(companyUserRoutes.update, {
      body: {
        userId: adminAId,
        userName: 'Me',
        enabled: false,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.errorCode).toBe('cannot_disable_self');
  });

  it('a reset e-mails a new password, ends sessions, and forces a change', async () => {
    const user = await createProjectUser(ctx.db, companyA);
    const token = await signIn(ctx, user.email);
    const res = await client(ctx.app, adminA).call(companyUserRoutes.resetPassword, { params: { userId: user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toBeNull();
    expect((await client(ctx.app, token).call(userRoutes.info)).statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(401); // the old password is gone
    const temp = temporaryPassword(await waitForNthMail(ctx, user.email, 1));
    expect((await login(user.email, temp)).errorCode).toBe('user_inactivated');
    expect((await changePassword(user.email, temp, 'Reset-pass1')).statusCode).toBe(200);
    expect((await login(user.email, 'Reset-pass1')).statusCode).toBe(200);
    const [t] = await trailOf(ctx.db, 'user', user.id);
    expect(t).toMatchObject({
      type: TrailType.PasswordReset,
      actorId: adminAId,
      newValue: { mustChangePassword: true },
    });
    expect(JSON.stringify(t)).not.toContain(temp);
  });
});

describe('company boundaries', () => {
  it("company A's administrator cannot see or change company B's users, whatever ids are sent", async () => {
    const ofB = await createProjectUser(ctx.db, companyB, { name: 'Untouched' });
    const projectB = await createProjectRow(ctx.db, companyB);
    expect(
      (await client(ctx.app, adminA).call(companyUserRoutes.list, { query: { companyId: companyB } })).statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, adminA).call(companyUserRoutes.export, { query: { companyId: companyB } })).statusCode,
    ).toBe(403);
    expect(
      (
        await client(ctx.app, adminA).call(companyUserRoutes.create, {
          query: { companyId: companyB },
          body: {
            email: 'sneaky@example.com',
            userName: 'S',
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await client(ctx.app, adminA).call(companyUserRoutes.create, {
          body: {
            companyId: companyB,
            email: 'sneaky@example.com',
            userName: 'S',
          },
        })
      ).statusCode,
    ).toBe(403);
    const edit = await client(ctx.app, adminA).call(companyUserRoutes.update, {
      body: {
        userId: ofB.id,
        userName: 'Hijacked',
        enabled: false,
      },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.errorCode).toBe('user_not_exist');
    expect(
      (await client(ctx.app, adminA).call(companyUserRoutes.resetPassword, { params: { userId: ofB.id } })).statusCode,
    ).toBe(404);
    expect(
      (
        await client(ctx.app, adminA).call(companyUserRoutes.resetPassword, {
          params: { userId: ofB.id },
          query: { companyId: companyB },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await client(ctx.app, adminA).call(companyUserRoutes.notInProject, { query: { studyId: projectB.id } }))
        .statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, ofB.id));
    expect(row).toMatchObject({ name: 'Untouched', enabled: true, mustChangePassword: false });
    // the system administrator is not a company user either
    const sys = await createUser(ctx.db);
    expect(
      (await client(ctx.app, adminA).call(companyUserRoutes.resetPassword, { params: { userId: sys.id } })).statusCode,
    ).toBe(404);
    expect(
      (await client(ctx.app, adminB).call(companyUserRoutes.update, { body: { userId: adminAId, userName: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('a project user (type 3) is refused on every company route', async () => {
    const staffUser = await createProjectUser(ctx.db, companyA);
    const staff = await signIn(ctx, staffUser.email);
    const project = await createProjectRow(ctx.db, companyA);
    const calls = [
      client(ctx.app, staff).call(companyRoutes.list),
      client(ctx.app, staff).call(companyRoutes.detail, { params: { id: companyA } }),
      client(ctx.app, staff).call(companyRoutes.managers, { params: { id: companyA } }),
      client(ctx.app, staff).call(companyUserRoutes.list),
      client(ctx.app, staff).call(companyUserRoutes.export),
      client(ctx.app, staff).call(companyUserRoutes.notInProject, { query: { studyId: project.id } }),
      client(ctx.app, staff).call(registrationRoutes.list),
      client(ctx.app, staff).call(companyRoutes.create, { body: { companyName: 'Mine' } }),
      client(ctx.app, staff).call(companyRoutes.update, { params: { id: companyA }, body: { companyName: 'Mine' } }),
      client(ctx.app, staff).call(companyRoutes.disable, { params: { id: companyA } }),
      client(ctx.app, staff).call(companyRoutes.enable, { params: { id: companyA } }),
      client(ctx.app, staff).call(companyRoutes.setManager, {
        body: {
          companyId: companyA,
          email: 'me2@example.com',
          userName: 'Me',
        },
      }),
      client(ctx.app, staff).call(companyUserRoutes.create, {
        body: { email: 'friend@example.com', userName: 'Friend' },
      }),
      client(ctx.app, staff).call(companyUserRoutes.update, { body: { userId: staffUser.id, userName: 'Promoted' } }),
      client(ctx.app, staff).call(companyUserRoutes.resetPassword, { params: { userId: adminAId } }),
      client(ctx.app, staff).call(registrationRoutes.approve, {
        params: { userId: staffUser.id },
        body: { pass: true },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.raw.req.url).toBe(403);
      expect(res.errorCode).toBe('forbidden');
    }
  });

  it('a company user without the manager flag is refused too', async () => {
    const plain = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyA, { isCompanyManager: false })).email);
    expect((await client(ctx.app, plain).call(companyUserRoutes.list)).statusCode).toBe(403);
    expect(
      (await client(ctx.app, plain).call(companyUserRoutes.resetPassword, { params: { userId: adminAId } })).statusCode,
    ).toBe(403);
  });
});
