import { roleRoutes } from '@edoc/contract/role-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS, TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'R-1');
  other = await createProjectWorld(ctx, 'R-2');
});
afterAll(() => ctx.close());

const monitor = {
  code: 'CRA',
  name: 'Monitor',
  description: 'Clinical research associate',
  docKeys: ['viewDoc', 'reviewDoc', 'viewDoc'],
  libraryKeys: ['downDoc', 'viewDoc'],
};

describe('roles of the entered project', () => {
  it('lists the built-in roles with their keys to any member', async () => {
    const res = await client(ctx.app, world.staff.token).call(roleRoutes.list);
    expect(res.statusCode).toBe(200);
    const list = res.data as Array<{ code: string; builtin: boolean; docKeys: string[]; memberCount: number }>;
    expect(list.map((r) => [r.code, r.builtin, r.memberCount])).toEqual([
      ['STU_PM', true, 1],
      ['STU_STAFF', true, 1],
    ]);
    expect(list[0].docKeys).toEqual([...DOC_PERMISSION_KEYS]);
  });

  it('creates, edits and deletes a custom role, trailed with old and new values', async () => {
    const pm = client(ctx.app, world.pm.token);
    const created = await pm.call(roleRoutes.create, { body: monitor });
    expect(created.statusCode).toBe(200);
    const roleId = created.data.roleId;
    const listed = ((await pm.call(roleRoutes.list)).data as Array<{ roleId: number }>).find(
      (r) => r.roleId === roleId,
    );
    // Keys are stored once each, in the order of the enums.
    expect(listed).toEqual({
      roleId,
      code: 'CRA',
      name: 'Monitor',
      description: 'Clinical research associate',
      builtin: false,
      docKeys: ['reviewDoc', 'viewDoc'],
      libraryKeys: ['viewDoc', 'downDoc'],
      memberCount: 0,
    });
    const edited = await pm.call(roleRoutes.update, {
      params: { id: roleId },
      body: { ...monitor, code: 'CRA2', docKeys: ['viewDoc'] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await pm.call(roleRoutes.delete, { params: { id: roleId } })).statusCode).toBe(200);
    expect((await ctx.db.select().from(roles).where(eq(roles.id, roleId))).length).toBe(0);

    const rows = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'role'), eq(trail.objectId, String(roleId))))
      .orderBy(trail.id);
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.PermissionChange,
      TrailType.PermissionChange,
      TrailType.PermissionChange,
    ]);
    expect(rows[1].oldValue).toMatchObject({ code: 'CRA', docKeys: ['reviewDoc', 'viewDoc'] });
    expect(rows[1].newValue).toMatchObject({ code: 'CRA2', docKeys: ['viewDoc'] });
    expect(rows[2].oldValue).toMatchObject({ code: 'CRA2' });
  });

  it('refuses a role code that exists in the project, ignoring case', async () => {
    const pm = client(ctx.app, world.pm.token);
    const builtinClash = await pm.call(roleRoutes.create, { body: { ...monitor, code: 'stu_staff' } });
    expect(builtinClash.statusCode).toBe(409);
    expect(builtinClash.json()).toMatchObject({ errorCode: 'role_code_exists', msg: 'Role unique identity exists' });
    const a = (await pm.call(roleRoutes.create, { body: { ...monitor, code: 'QA' } })).data.roleId;
    const b = (await pm.call(roleRoutes.create, { body: { ...monitor, code: 'QB' } })).data.roleId;
    expect((await pm.call(roleRoutes.update, { params: { id: b }, body: { ...monitor, code: 'qa' } })).errorCode).toBe(
      'role_code_exists',
    );
    expect(a).not.toBe(b);
    expect(
      (await client(ctx.app, other.pm.token).call(roleRoutes.create, { body: { ...monitor, code: 'QA' } })).statusCode,
    ).toBe(200);
  });

  it('reserves the built-in codes: no custom role may be called COMPANY_ADMIN or STU_PM (issue 9)', async () => {
    const pm = client(ctx.app, world.pm.token);
    for (const code of ['COMPANY_ADMIN', 'company_admin']) {
      const res = await pm.call(roleRoutes.create, { body: { ...monitor, code } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'role_code_reserved' });
    }
    const custom = (await pm.call(roleRoutes.create, { body: { ...monitor, code: 'CRA2' } })).data.roleId;
    expect(
      (await pm.call(roleRoutes.update, { params: { id: custom }, body: { ...monitor, code: 'Company_Admin' } }))
        .errorCode,
    ).toBe('role_code_reserved');
    expect(await ctx.db.select().from(roles).where(eq(roles.code, 'COMPANY_ADMIN'))).toEqual([]);
  });

  it('takes project-administrator power from the built-in role row, never from a code (issue 9)', async () => {
    // A role row coded COMPANY_ADMIN, as a data folder from before the codes were reserved may hold.
    const [legacy] = await ctx.db
      .insert(roles)
      .values({ projectId: other.projectId, code: 'COMPANY_ADMIN', name: 'Legacy', builtin: false, docKeys: [] })
      .returning();
    const member = await joinProject(ctx, other, legacy.id);
    const api = client(ctx.app, member.token);
    expect((await api.call(roleRoutes.list)).statusCode).toBe(200);
    const refused = await api.call(roleRoutes.create, { body: { ...monitor, code: 'ESC' } });
    expect(refused.statusCode).toBe(403);
    // The company's administrator, not a member, still enters with full power.
    const admin = client(ctx.app, other.admin.token);
    expect((await admin.call(projectEntryRoutes.enter, { body: { studyId: other.projectId } })).statusCode).toBe(200);
    expect((await admin.call(roleRoutes.create, { body: { ...monitor, code: 'ADM1' } })).statusCode).toBe(200);
  });

  it('refuses unknown permission keys, naming the field', async () => {
    const res = await client(ctx.app, world.pm.token).call(roleRoutes.create, {
      body: {
        ...monitor,
        code: 'K1',
        docKeys: ['fly'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.msg).toBe('Document rights is invalid');
  });

  it('never deletes a built-in role; STU_PM keeps every key, STU_STAFF keys may change', async () => {
    const pm = client(ctx.app, world.pm.token);
    const del = await pm.call(roleRoutes.delete, { params: { id: world.roleIds.STU_STAFF } });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ errorCode: 'role_builtin', msg: 'A built-in system role cannot be deleted' });
    expect((await pm.call(roleRoutes.delete, { params: { id: world.roleIds.STU_PM } })).errorCode).toBe('role_builtin');

    const cut = await pm.call(roleRoutes.update, {
      params: { id: world.roleIds.STU_PM },
      body: {
        code: 'STU_PM',
        name: 'Administrator',
        docKeys: ['viewDoc'],
        libraryKeys: [],
      },
    });
    expect(cut.statusCode).toBe(409);
    expect(cut.errorCode).toBe('cannot_modify');
    const renamed = await pm.call(roleRoutes.update, {
      params: { id: world.roleIds.STU_PM },
      body: {
        code: 'SOMETHING',
        name: 'Administrator',
        docKeys: [...DOC_PERMISSION_KEYS],
        libraryKeys: [...LIBRARY_PERMISSION_KEYS],
      },
    });
    expect(renamed.statusCode).toBe(200);

    const staffKeys = await pm.call(roleRoutes.update, {
      params: { id: world.roleIds.STU_STAFF },
      body: {
        code: 'STU_STAFF',
        name: 'Staff',
        docKeys: ['viewDoc', 'downDoc'],
        libraryKeys: ['viewDoc'],
      },
    });
    expect(staffKeys.statusCode).toBe(200);
    const list = (await pm.call(roleRoutes.list)).data as Array<{
      roleId: number;
      code: string;
      name: string;
      docKeys: string[];
    }>;
    // The built-in code stays whatever was sent: the system reads it.
    expect(list.find((r) => r.roleId === world.roleIds.STU_PM)).toMatchObject({
      code: 'STU_PM',
      name: 'Administrator',
    });
    expect(list.find((r) => r.roleId === world.roleIds.STU_STAFF)?.docKeys).toEqual(['viewDoc', 'downDoc']);
  });

  it('refuses to delete a role held by a member or named by a folder grant', async () => {
    const pm = client(ctx.app, world.pm.token);
    const held = (await pm.call(roleRoutes.create, { body: { ...monitor, code: 'HELD' } })).data.roleId;
    await joinProject(ctx, world, held);
    const res = await pm.call(roleRoutes.delete, { params: { id: held } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'role_in_use', msg: 'The role is in use' });

    const granted = (await pm.call(roleRoutes.create, { body: { ...monitor, code: 'GRANTED' } })).data.roleId;
    await ctx.db.insert(folderGrants).values({
      folderId: world.folderByIch.values().next().value!,
      subjectType: 'role',
      subjectId: granted,
      docKeys: ['viewDoc'],
    });
    expect((await pm.call(roleRoutes.delete, { params: { id: granted } })).errorCode).toBe('role_in_use');
  });

  it('gives ordinary staff 403 on every change, and treats other projects’ roles as missing', async () => {
    const staff = client(ctx.app, world.staff.token);
    const target = world.roleIds.STU_STAFF;
    for (const res of [
      await staff.call(roleRoutes.create, { body: { ...monitor, code: 'S1' } }),
      await staff.call(roleRoutes.update, { params: { id: target }, body: monitor }),
      await staff.call(roleRoutes.delete, { params: { id: target } }),
    ])
      expect(res.statusCode).toBe(403);
    const foreign = (
      await client(ctx.app, other.pm.token).call(roleRoutes.create, { body: { ...monitor, code: 'FOREIGN' } })
    ).json().data.roleId;
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.call(roleRoutes.update, { params: { id: foreign }, body: monitor })).statusCode).toBe(404);
    expect((await pm.call(roleRoutes.delete, { params: { id: foreign } })).statusCode).toBe(404);
    expect((await pm.call(roleRoutes.delete, { params: { id: other.roleIds.STU_STAFF } })).statusCode).toBe(404);
  });
});
