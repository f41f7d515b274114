import { siteRoutes } from '@edoc/contract/site-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { TrailType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'S-1');
  other = await createProjectWorld(ctx, 'S-2');
});
afterAll(() => ctx.close());

describe('sites of the entered project', () => {
  it('creates, lists, renames and deletes a site, each change trailed with old and new values', async () => {
    const pm = client(ctx.app, world.pm.token);
    const created = await pm.call(siteRoutes.create, {
      body: { name: 'Peking Union', shortName: 'PUMCH', code: 'S01' },
    });
    expect(created.statusCode).toBe(200);
    const siteId = created.data.siteId;

    // Any member may list the sites (pickers); the staff member sees the same list.
    const listed = await client(ctx.app, world.staff.token).call(siteRoutes.list);
    expect(listed.statusCode).toBe(200);
    expect(listed.data).toEqual([
      {
        siteId,
        name: 'Peking Union',
        shortName: 'PUMCH',
        code: 'S01',
        countryId: null,
        countryCode: null,
        memberCount: 0,
      },
    ]);

    const updated = await pm.call(siteRoutes.update, {
      params: { id: siteId },
      body: { name: 'Peking Union Hospital', code: 'S01A' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await pm.call(siteRoutes.list)).data[0]).toMatchObject({ name: 'Peking Union Hospital', code: 'S01A' });

    await ctx.db
      .update(members)
      .set({ siteIds: [siteId] })
      .where(eq(members.userId, world.staff.id));
    expect((await pm.call(siteRoutes.list)).data[0].memberCount).toBe(1);
    expect((await pm.call(siteRoutes.delete, { params: { id: siteId } })).statusCode).toBe(200);
    expect((await pm.call(siteRoutes.list)).data).toEqual([]);
    // The member limited to the deleted site no longer names it.
    const [staff] = await ctx.db.select().from(members).where(eq(members.userId, world.staff.id));
    expect(staff.siteIds).toEqual([]);

    const rows = await trailOf(ctx.db, 'site', siteId);
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.SettingsChange,
      TrailType.SettingsChange,
      TrailType.SettingsChange,
    ]);
    expect(rows[0].newValue).toEqual({ name: 'Peking Union', shortName: 'PUMCH', code: 'S01', country: null });
    expect(rows[1].oldValue).toEqual({ name: 'Peking Union', shortName: 'PUMCH', code: 'S01', country: null });
    expect(rows[1].newValue).toEqual({ name: 'Peking Union Hospital', shortName: null, code: 'S01A', country: null });
    expect(rows[2].oldValue).toMatchObject({ code: 'S01A', memberUserIds: [world.staff.id] });
    expect(rows[2].actorId).toBe(world.pm.id);
  });

  it('refuses a duplicate site code in the project, ignoring case, on create and on update', async () => {
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.call(siteRoutes.create, { body: { name: 'A', code: 'DUP' } })).statusCode).toBe(200);
    const dup = await pm.call(siteRoutes.create, { body: { name: 'B', code: 'dup' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: false, errorCode: 'site_code_exists', msg: 'Duplicate site code' });
    const b = (await pm.call(siteRoutes.create, { body: { name: 'B', code: 'B1' } })).data.siteId;
    const clash = await pm.call(siteRoutes.update, { params: { id: b }, body: { name: 'B', code: 'Dup' } });
    expect(clash.json()).toMatchObject({ errorCode: 'site_code_exists' });
    // The same code in another project is another project's business.
    expect(
      (await client(ctx.app, other.pm.token).call(siteRoutes.create, { body: { name: 'A', code: 'DUP' } })).statusCode,
    ).toBe(200);
  });

  it('names the missing field in the language of the session', async () => {
    const res = await client(ctx.app, world.pm.token).call(siteRoutes.create, { body: { name: ' ', code: 'X' } });
    expect(res.statusCode).toBe(400);
    expect(res.msg).toBe('Name is required');
  });

  it('gives ordinary staff 403 on every change', async () => {
    const staff = client(ctx.app, world.staff.token);
    const siteId = (await client(ctx.app, world.pm.token).call(siteRoutes.create, { body: { name: 'C', code: 'C1' } }))
      .data.siteId;
    for (const res of [
      await staff.call(siteRoutes.create, { body: { name: 'X', code: 'X9' } }),
      await staff.call(siteRoutes.update, { params: { id: siteId }, body: { name: 'X', code: 'X9' } }),
      await staff.call(siteRoutes.delete, { params: { id: siteId } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.errorCode).toBe('forbidden');
    }
  });

  it("treats another project's site as missing, and lets the company administrator manage sites", async () => {
    const foreign = (await client(ctx.app, other.pm.token).call(siteRoutes.create, { body: { name: 'F', code: 'F1' } }))
      .data.siteId;
    const pm = client(ctx.app, world.pm.token);
    expect(
      (await pm.call(siteRoutes.update, { params: { id: foreign }, body: { name: 'Mine', code: 'F1' } })).statusCode,
    ).toBe(404);
    expect((await pm.call(siteRoutes.delete, { params: { id: foreign } })).statusCode).toBe(404);
    expect((await client(ctx.app, other.pm.token).call(siteRoutes.list)).data).toContainEqual(
      expect.objectContaining({ siteId: foreign, name: 'F' }),
    );

    const admin = client(ctx.app, world.admin.token);
    expect((await admin.call(projectEntryRoutes.enter, { body: { studyId: world.projectId } })).statusCode).toBe(200);
    expect((await admin.call(siteRoutes.create, { body: { name: 'By admin', code: 'ADM' } })).statusCode).toBe(200);
    // The other company's administrator cannot even enter this project.
    expect(
      (await client(ctx.app, other.admin.token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } }))
        .statusCode,
    ).toBe(404);
  });

  it('needs an entered project', async () => {
    // other.admin is signed in but has entered no project: there is no project to act on.
    const res = await client(ctx.app, other.admin.token).call(siteRoutes.list);
    expect(res.statusCode).toBe(403);
    expect(res.errorCode).toBe('forbidden');
  });
});
