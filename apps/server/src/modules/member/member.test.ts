import { projectRoutes } from '@edoc/contract/project-routes';
import { memberRoutes } from '@edoc/contract/member-routes';
import { TrailType, UserType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { sites } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompanyAdmin, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let companyA: number;
let adminA: string;
let adminAId: number;
let adminB: string;
let projectId: number;
let roleIds: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  const [a, b] = await ctx.db
    .insert(companies)
    .values([{ name: 'A' }, { name: 'B' }])
    .returning();
  companyA = a.id;
  const admin = await createCompanyAdmin(ctx.db, a.id);
  adminAId = admin.id;
  adminA = await signIn(ctx, admin.email);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, b.id)).email);
  projectId = (await client(ctx.app, adminA).call(projectRoutes.create, { body: { code: 'M-1', name: 'Members' } }))
    .data.studyId;
  const roles = (await client(ctx.app, adminA).call(memberRoutes.roles, { params: { id: projectId } })).data as Array<{
    roleId: number;
    code: string;
  }>;
  roleIds = Object.fromEntries(roles.map((r) => [r.code, r.roleId]));
});
afterAll(() => ctx.close());

describe('project members', () => {
  it('adds a company user with a role and sites, changes the role, removes them — each trailed', async () => {
    const user = await createProjectUser(ctx.db, companyA);
    const [site] = await ctx.db.insert(sites).values({ projectId, name: 'Site 1', code: 'S1' }).returning();
    const added = await client(ctx.app, adminA).call(memberRoutes.add, {
      params: { id: projectId },
      body: {
        userId: user.id,
        roleId: roleIds.STU_STAFF,
        siteIds: [site.id],
      },
    });
    expect(added.statusCode).toBe(200);
    const memberId = added.data.memberId;
    expect(
      (
        await client(ctx.app, adminA).call(memberRoutes.add, {
          params: { id: projectId },
          body: {
            userId: user.id,
            roleId: roleIds.STU_STAFF,
          },
        })
      ).statusCode,
    ).toBe(409);
    const list = (await client(ctx.app, adminA).call(memberRoutes.members, { params: { id: projectId } })).data;
    expect(list).toEqual([
      expect.objectContaining({ memberId, userId: user.id, roleCode: 'STU_STAFF', siteIds: [site.id] }),
    ]);
    expect(
      (
        await client(ctx.app, adminA).call(memberRoutes.update, {
          params: { id: projectId, memberId },
          body: {
            roleId: roleIds.STU_PM,
            siteIds: [],
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await client(ctx.app, adminA).call(memberRoutes.members, { params: { id: projectId } })).data[0].roleCode,
    ).toBe('STU_PM');
    expect(
      (await client(ctx.app, adminA).call(memberRoutes.remove, { params: { id: projectId, memberId } })).statusCode,
    ).toBe(200);
    expect((await client(ctx.app, adminA).call(memberRoutes.members, { params: { id: projectId } })).data).toEqual([]);
    const rows = await ctx.db.select().from(trail).where(eq(trail.objectType, 'member'));
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.PermissionChange,
      TrailType.PermissionChange,
      TrailType.PermissionChange,
    ]);
    expect(rows[1].oldValue).toMatchObject({ roleId: roleIds.STU_STAFF });
  });

  it('refuses a role or site of another project, and users of another company', async () => {
    const user = await createProjectUser(ctx.db, companyA);
    const other = (await client(ctx.app, adminA).call(projectRoutes.create, { body: { code: 'M-2', name: 'Other' } }))
      .data.studyId;
    const [foreignSite] = await ctx.db.insert(sites).values({ projectId: other, name: 'X', code: 'X1' }).returning();
    const foreignRole = (
      (await client(ctx.app, adminA).call(memberRoutes.roles, { params: { id: other } })).data as Array<{
        roleId: number;
      }>
    )[0].roleId;
    const badRole = await client(ctx.app, adminA).call(memberRoutes.add, {
      params: { id: projectId },
      body: {
        userId: user.id,
        roleId: foreignRole,
      },
    });
    expect(badRole.statusCode).toBe(400);
    expect(
      (
        await client(ctx.app, adminA).call(memberRoutes.add, {
          params: { id: projectId },
          body: {
            userId: user.id,
            roleId: roleIds.STU_STAFF,
            siteIds: [foreignSite.id],
          },
        })
      ).statusCode,
    ).toBe(400);
    const outsider = await createUser(ctx.db, { userType: UserType.Project });
    expect(
      (
        await client(ctx.app, adminA).call(memberRoutes.add, {
          params: { id: projectId },
          body: {
            userId: outsider.id,
            roleId: roleIds.STU_STAFF,
          },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('nobody changes their own rights; company B sees nothing of A', async () => {
    const self = await client(ctx.app, adminA).call(memberRoutes.add, {
      params: { id: projectId },
      body: {
        userId: adminAId,
        roleId: roleIds.STU_PM,
      },
    });
    const memberId = self.data.memberId;
    const res = await client(ctx.app, adminA).call(memberRoutes.update, {
      params: { id: projectId, memberId },
      body: {
        roleId: roleIds.STU_STAFF,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.msg).toBe('You cannot change your own rights');
    expect((await client(ctx.app, adminB).call(memberRoutes.members, { params: { id: projectId } })).statusCode).toBe(
      404,
    );
    expect(
      (await client(ctx.app, adminB).call(memberRoutes.remove, { params: { id: projectId, memberId } })).statusCode,
    ).toBe(404);
  });
});
