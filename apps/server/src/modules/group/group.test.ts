import { groupRoutes } from '@edoc/contract/group-routes';
import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectUser, createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'G-1');
  other = await createProjectWorld(ctx, 'G-2');
});
afterAll(() => ctx.close());

describe('user groups of the entered project', () => {
  it('creates, lists, edits and deletes a group, trailed with old and new values', async () => {
    const pm = client(ctx.app, world.pm.token);
    const created = await pm.call(groupRoutes.create, {
      body: {
        name: 'Monitors',
        description: 'CRAs',
        memberIds: [world.staff.id, world.staff.id],
      },
    });
    expect(created.statusCode).toBe(200);
    const groupId = created.data.groupId;
    const list = await client(ctx.app, world.staff.token).call(groupRoutes.list);
    expect(list.data).toEqual([
      {
        groupId,
        name: 'Monitors',
        description: 'CRAs',
        memberIds: [world.staff.id],
        members: [expect.objectContaining({ userId: world.staff.id, email: world.staff.email })],
        grantCount: 0,
      },
    ]);
    const edited = await pm.call(groupRoutes.update, {
      params: { id: groupId },
      body: { name: 'Monitors EU', memberIds: [world.pm.id] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await pm.call(groupRoutes.delete, { params: { id: groupId } })).statusCode).toBe(200);
    expect((await pm.call(groupRoutes.list)).data).toEqual([]);

    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'group'), eq(trail.objectId, String(groupId))))
      .orderBy(trail.id);
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.PermissionChange,
      TrailType.PermissionChange,
      TrailType.PermissionChange,
    ]);
    expect(rows[1].oldValue).toEqual({ name: 'Monitors', description: 'CRAs', memberIds: [world.staff.id] });
    expect(rows[1].newValue).toEqual({ name: 'Monitors EU', description: null, memberIds: [world.pm.id] });
  });

  it('refuses a group name that exists in the project, ignoring case', async () => {
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.call(groupRoutes.create, { body: { name: 'Sponsors' } })).statusCode).toBe(200);
    const dup = await pm.call(groupRoutes.create, { body: { name: 'sponsors' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ errorCode: 'group_name_exists', msg: 'User group name already exists' });
  });

  it('accepts only members of the project as group members, naming memberIds', async () => {
    const pm = client(ctx.app, world.pm.token);
    const sameCompany = await createProjectUser(ctx.db, world.companyId);
    for (const outsider of [sameCompany.id, other.staff.id, 999_999]) {
      const res = await pm.call(groupRoutes.create, {
        body: { name: `G ${outsider}`, memberIds: [world.staff.id, outsider] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'invalid_value', msg: 'Members is invalid' });
    }
  });

  it('deletes the folder grants of a deleted group in the same change', async () => {
    const pm = client(ctx.app, world.pm.token);
    const groupId = (await pm.call(groupRoutes.create, { body: { name: 'Granted' } })).data.groupId;
    const folderId = world.folderByIch.values().next().value!;
    await ctx.db
      .insert(folderGrants)
      .values({ folderId, subjectType: 'group', subjectId: groupId, docKeys: ['viewDoc'] });
    const listed = ((await pm.call(groupRoutes.list)).data as Array<{ groupId: number; grantCount: number }>).find(
      (g) => g.groupId === groupId,
    );
    expect(listed?.grantCount).toBe(1);
    expect((await pm.call(groupRoutes.delete, { params: { id: groupId } })).statusCode).toBe(200);
    const left = await ctx.db
      .select()
      .from(folderGrants)
      .where(and(eq(folderGrants.subjectType, 'group'), eq(folderGrants.subjectId, groupId)));
    expect(left).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'group'), eq(trail.objectId, String(groupId))))
      .orderBy(trail.id)
      .offset(1);
    expect(row.oldValue).toMatchObject({ name: 'Granted', grants: [{ folderId, docKeys: ['viewDoc'] }] });
  });

  it('gives ordinary staff 403 on every change, and treats other projects’ groups as missing', async () => {
    const pm = client(ctx.app, world.pm.token);
    const groupId = (await pm.call(groupRoutes.create, { body: { name: 'Target' } })).data.groupId;
    const staff = client(ctx.app, world.staff.token);
    for (const res of [
      await staff.call(groupRoutes.create, { body: { name: 'Mine' } }),
      await staff.call(groupRoutes.update, { params: { id: groupId }, body: { name: 'Mine' } }),
      await staff.call(groupRoutes.delete, { params: { id: groupId } }),
    ])
      expect(res.statusCode).toBe(403);
    const foreign = client(ctx.app, other.pm.token);
    expect(
      (await foreign.call(groupRoutes.update, { params: { id: groupId }, body: { name: 'Taken' } })).statusCode,
    ).toBe(404);
    expect((await foreign.call(groupRoutes.delete, { params: { id: groupId } })).statusCode).toBe(404);
    expect((await foreign.call(groupRoutes.list)).data).toEqual([]);
  });
});
