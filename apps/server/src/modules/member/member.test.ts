import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { sites } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let companyA: number;
let adminA: string;
let adminAId: number;
let adminB: string;
let projectId: number;
let roleIds: Record<string, number>;

const post = (token: string, url: string, payload: unknown = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/edoc${url}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/edoc${url}`, headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestContext();
  const [a, b] = await ctx.db
    .insert(companies)
    .values([{ name: 'A' }, { name: 'B' }])
    .returning();
  companyA = a.id;
  const admin = await createUser(ctx.db, { userType: UserType.Company, companyId: a.id, isCompanyManager: true });
  adminAId = admin.id;
  adminA = await signIn(ctx, admin.email);
  adminB = await signIn(
    ctx,
    (await createUser(ctx.db, { userType: UserType.Company, companyId: b.id, isCompanyManager: true })).email,
  );
  projectId = (await post(adminA, '/project/create', { code: 'M-1', name: 'Members' })).json().data.studyId;
  const roles = (await get(adminA, `/project/${projectId}/roles`)).json().data as Array<{
    roleId: number;
    code: string;
  }>;
  roleIds = Object.fromEntries(roles.map((r) => [r.code, r.roleId]));
});
afterAll(() => ctx.close());

describe('project members', () => {
  it('adds a company user with a role and sites, changes the role, removes them — each trailed', async () => {
    const user = await createUser(ctx.db, { userType: UserType.Project, companyId: companyA });
    const [site] = await ctx.db.insert(sites).values({ projectId, name: 'Site 1', code: 'S1' }).returning();
    const added = await post(adminA, `/project/${projectId}/members`, {
      userId: user.id,
      roleId: roleIds.STU_STAFF,
      siteIds: [site.id],
    });
    expect(added.statusCode).toBe(200);
    const memberId = added.json().data.memberId as number;
    expect(
      (await post(adminA, `/project/${projectId}/members`, { userId: user.id, roleId: roleIds.STU_STAFF })).statusCode,
    ).toBe(409);
    const list = (await get(adminA, `/project/${projectId}/members`)).json().data;
    expect(list).toEqual([
      expect.objectContaining({ memberId, userId: user.id, roleCode: 'STU_STAFF', siteIds: [site.id] }),
    ]);
    expect(
      (await post(adminA, `/project/${projectId}/members/${memberId}/a`, { roleId: roleIds.STU_PM, siteIds: [] }))
        .statusCode,
    ).toBe(200);
    expect((await get(adminA, `/project/${projectId}/members`)).json().data[0].roleCode).toBe('STU_PM');
    expect((await post(adminA, `/project/${projectId}/members/${memberId}/remove`)).statusCode).toBe(200);
    expect((await get(adminA, `/project/${projectId}/members`)).json().data).toEqual([]);
    const rows = await ctx.db.select().from(trail).where(eq(trail.objectType, 'member'));
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.PermissionChange,
      TrailType.PermissionChange,
      TrailType.PermissionChange,
    ]);
    expect(rows[1].oldValue).toMatchObject({ roleId: roleIds.STU_STAFF });
  });

  it('refuses a role or site of another project, and users of another company', async () => {
    const user = await createUser(ctx.db, { userType: UserType.Project, companyId: companyA });
    const other = (await post(adminA, '/project/create', { code: 'M-2', name: 'Other' })).json().data.studyId as number;
    const [foreignSite] = await ctx.db.insert(sites).values({ projectId: other, name: 'X', code: 'X1' }).returning();
    const foreignRole = ((await get(adminA, `/project/${other}/roles`)).json().data as Array<{ roleId: number }>)[0]
      .roleId;
    const badRole = await post(adminA, `/project/${projectId}/members`, { userId: user.id, roleId: foreignRole });
    expect(badRole.statusCode).toBe(400);
    expect(
      (
        await post(adminA, `/project/${projectId}/members`, {
          userId: user.id,
          roleId: roleIds.STU_STAFF,
          siteIds: [foreignSite.id],
        })
      ).statusCode,
    ).toBe(400);
    const outsider = await createUser(ctx.db, { userType: UserType.Project });
    expect(
      (await post(adminA, `/project/${projectId}/members`, { userId: outsider.id, roleId: roleIds.STU_STAFF }))
        .statusCode,
    ).toBe(404);
  });

  it('nobody changes their own rights; company B sees nothing of A', async () => {
    const self = await post(adminA, `/project/${projectId}/members`, { userId: adminAId, roleId: roleIds.STU_PM });
    const memberId = self.json().data.memberId as number;
    const res = await post(adminA, `/project/${projectId}/members/${memberId}/a`, { roleId: roleIds.STU_STAFF });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('You cannot change your own rights');
    expect((await get(adminB, `/project/${projectId}/members`)).statusCode).toBe(404);
    expect((await post(adminB, `/project/${projectId}/members/${memberId}/remove`)).statusCode).toBe(404);
  });
});
