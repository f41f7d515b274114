import { siteRoutes } from '@edoc/contract/site-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { groupRoutes } from '@edoc/contract/group-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectUser, createProjectWorld, joinProject, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'MM-1');
  other = await createProjectWorld(ctx, 'MM-2');
});
afterAll(() => ctx.close());

describe("the project administrator's members", () => {
  it('adds a company user with a role and sites, changes the role, removes them — trailed', async () => {
    const pm = client(ctx.app, world.pm.token);
    const user = await createProjectUser(ctx.db, world.companyId, { name: 'Zoe Newcomer' });
    const candidates = (await pm.call(manageMemberRoutes.candidates)).data as Array<{ userId: number }>;
    expect(candidates.map((c) => c.userId)).toContain(user.id);
    expect(candidates.map((c) => c.userId)).not.toContain(world.staff.id);
    expect(candidates.map((c) => c.userId)).not.toContain(other.staff.id);

    const siteId = (await pm.call(siteRoutes.create, { body: { name: 'Site', code: 'MS1' } })).data.siteId;
    const added = await pm.call(manageMemberRoutes.add, {
      body: {
        userId: user.id,
        roleId: world.roleIds.STU_STAFF,
        siteIds: [siteId],
      },
    });
    expect(added.statusCode).toBe(200);
    const memberId = added.data.memberId;
    const again = await pm.call(manageMemberRoutes.add, { body: { userId: user.id, roleId: world.roleIds.STU_STAFF } });
    expect(again.statusCode).toBe(409);

    const page = (await pm.call(manageMemberRoutes.list, { query: { searchValue: 'newcomer' } })).data;
    expect(page).toEqual({
      total: 1,
      data: [expect.objectContaining({ memberId, userId: user.id, roleCode: 'STU_STAFF', siteIds: [siteId] })],
    });
    const paged = (await pm.call(manageMemberRoutes.list, { query: { pageNum: 2, pageSize: 2 } })).data;
    expect(paged.total).toBe(3);
    expect(paged.data).toHaveLength(1);

    const changed = await pm.call(manageMemberRoutes.update, {
      params: { id: memberId },
      body: { roleId: world.roleIds.STU_PM, siteIds: [] },
    });
    expect(changed.statusCode).toBe(200);
    const groupId = (
      await pm.call(groupRoutes.create, { body: { name: 'Leavers', memberIds: [user.id, world.staff.id] } })
    ).json().data.groupId;
    expect((await pm.call(manageMemberRoutes.remove, { params: { id: memberId } })).statusCode).toBe(200);
    // Leaving the project also leaves its groups.
    const [group] = await ctx.db.select().from(groups).where(eq(groups.id, groupId));
    expect(group.memberIds).toEqual([world.staff.id]);

    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'member'), eq(trail.objectId, String(memberId))))
      .orderBy(trail.id);
    expect(rows.map((r) => [r.type, r.actorId])).toEqual([
      [TrailType.PermissionChange, world.pm.id],
      [TrailType.PermissionChange, world.pm.id],
      [TrailType.PermissionChange, world.pm.id],
    ]);
    expect(rows[1].oldValue).toEqual({ roleId: world.roleIds.STU_STAFF, siteIds: [siteId] });
    expect(rows[1].newValue).toMatchObject({ roleId: world.roleIds.STU_PM, role: 'STU_PM', siteIds: [] });
    expect(rows[2].oldValue).toMatchObject({ userId: user.id, groupIds: [groupId] });
  });

  it('refuses changing or removing oneself', async () => {
    const pm = client(ctx.app, world.pm.token);
    const own = (
      (await pm.call(manageMemberRoutes.list)).data.data as Array<{ memberId: number; userId: number }>
    ).find((m) => m.userId === world.pm.id)!.memberId;
    const res = await pm.call(manageMemberRoutes.update, {
      params: { id: own },
      body: { roleId: world.roleIds.STU_STAFF },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'cannot_change_own_rights',
      msg: 'You cannot change your own rights',
    });
    expect((await pm.call(manageMemberRoutes.remove, { params: { id: own } })).errorCode).toBe(
      'cannot_change_own_rights',
    );
  });

  it("refuses another project's role, site and member, and another company's user", async () => {
    const pm = client(ctx.app, world.pm.token);
    const user = await createProjectUser(ctx.db, world.companyId);
    const badRole = await pm.call(manageMemberRoutes.add, {
      body: { userId: user.id, roleId: other.roleIds.STU_STAFF },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.msg).toBe('Role is invalid');
    const foreignSite = (
      await client(ctx.app, other.pm.token).call(siteRoutes.create, { body: { name: 'F', code: 'F1' } })
    ).json().data.siteId;
    const badSite = await pm.call(manageMemberRoutes.add, {
      body: {
        userId: user.id,
        roleId: world.roleIds.STU_STAFF,
        siteIds: [foreignSite],
      },
    });
    expect(badSite.msg).toBe('Sites is invalid');
    const outsider = await pm.call(manageMemberRoutes.add, {
      body: { userId: other.staff.id, roleId: world.roleIds.STU_STAFF },
    });
    expect(outsider.statusCode).toBe(404);
    const foreignMember = (
      (await client(ctx.app, other.pm.token).call(manageMemberRoutes.list)).data.data as Array<{
        memberId: number;
      }>
    )[0].memberId;
    expect(
      (
        await pm.call(manageMemberRoutes.update, {
          params: { id: foreignMember },
          body: { roleId: world.roleIds.STU_STAFF },
        })
      ).statusCode,
    ).toBe(404);
    expect((await pm.call(manageMemberRoutes.remove, { params: { id: foreignMember } })).statusCode).toBe(404);
  });

  it('gives ordinary staff 403 on every call, and lets the company administrator in', async () => {
    const staff = client(ctx.app, world.staff.token);
    for (const res of [
      await staff.call(manageMemberRoutes.list),
      await staff.call(manageMemberRoutes.candidates),
      await staff.call(manageMemberRoutes.add, { body: { userId: world.pm.id, roleId: world.roleIds.STU_STAFF } }),
      await staff.call(manageMemberRoutes.update, { params: { id: 1 }, body: { roleId: world.roleIds.STU_PM } }),
      await staff.call(manageMemberRoutes.remove, { params: { id: 1 } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.msg).toBe('You do not have permission for this');
    }
    const admin = client(ctx.app, world.admin.token);
    await admin.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const list = await admin.call(manageMemberRoutes.list);
    expect(list.statusCode).toBe(200);
    expect(list.data.total).toBeGreaterThanOrEqual(2);
  });
});

describe('sessions follow membership changes at once', () => {
  it('a demoted project administrator loses the manage calls; a removed member loses the project', async () => {
    const deputy = await joinProject(ctx, world, world.roleIds.STU_PM);
    const asDeputy = client(ctx.app, deputy.token);
    expect((await asDeputy.call(manageMemberRoutes.list)).statusCode).toBe(200);
    const list = (await client(ctx.app, world.pm.token).call(manageMemberRoutes.list, { query: { pageSize: 100 } }))
      .data;
    const row = list.data.find((m) => m.userId === deputy.id)!;
    const demote = await client(ctx.app, world.pm.token).call(manageMemberRoutes.update, {
      params: { id: row.memberId },
      body: {
        roleId: world.roleIds.STU_STAFF,
        siteIds: [],
      },
    });
    expect(demote.json().status, demote.body).toBe(true);
    expect((await asDeputy.call(manageMemberRoutes.list)).statusCode).toBe(403);
    expect((await asDeputy.call(folderRoutes.tree0)).statusCode).toBe(200);
    await client(ctx.app, world.pm.token).call(manageMemberRoutes.remove, { params: { id: row.memberId } });
    expect((await asDeputy.call(folderRoutes.tree0)).statusCode).toBe(403);
  });
});
