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
    const created = await pm.post('/site/create', { name: 'Peking Union', shortName: 'PUMCH', code: 'S01' });
    expect(created.statusCode).toBe(200);
    const siteId = created.json().data.siteId as number;

    // Any member may list the sites (pickers); the staff member sees the same list.
    const listed = await client(ctx.app, world.staff.token).get('/site/list');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      { siteId, name: 'Peking Union', shortName: 'PUMCH', code: 'S01', memberCount: 0 },
    ]);

    const updated = await pm.post(`/site/update/${siteId}`, { name: 'Peking Union Hospital', code: 'S01A' });
    expect(updated.statusCode).toBe(200);
    expect((await pm.get('/site/list')).json().data[0]).toMatchObject({ name: 'Peking Union Hospital', code: 'S01A' });

    await ctx.db
      .update(members)
      .set({ siteIds: [siteId] })
      .where(eq(members.userId, world.staff.id));
    expect((await pm.get('/site/list')).json().data[0].memberCount).toBe(1);
    expect((await pm.post(`/site/delete/${siteId}`)).statusCode).toBe(200);
    expect((await pm.get('/site/list')).json().data).toEqual([]);
    // The member limited to the deleted site no longer names it.
    const [staff] = await ctx.db.select().from(members).where(eq(members.userId, world.staff.id));
    expect(staff.siteIds).toEqual([]);

    const rows = await trailOf(ctx.db, 'site', siteId);
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.SettingsChange,
      TrailType.SettingsChange,
      TrailType.SettingsChange,
    ]);
    expect(rows[0].newValue).toEqual({ name: 'Peking Union', shortName: 'PUMCH', code: 'S01' });
    expect(rows[1].oldValue).toEqual({ name: 'Peking Union', shortName: 'PUMCH', code: 'S01' });
    expect(rows[1].newValue).toEqual({ name: 'Peking Union Hospital', shortName: null, code: 'S01A' });
    expect(rows[2].oldValue).toMatchObject({ code: 'S01A', memberUserIds: [world.staff.id] });
    expect(rows[2].actorId).toBe(world.pm.id);
  });

  it('refuses a duplicate site code in the project, ignoring case, on create and on update', async () => {
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.post('/site/create', { name: 'A', code: 'DUP' })).statusCode).toBe(200);
    const dup = await pm.post('/site/create', { name: 'B', code: 'dup' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: false, errorCode: 'site_code_exists', msg: 'Duplicate site code' });
    const b = (await pm.post('/site/create', { name: 'B', code: 'B1' })).json().data.siteId as number;
    const clash = await pm.post(`/site/update/${b}`, { name: 'B', code: 'Dup' });
    expect(clash.json()).toMatchObject({ errorCode: 'site_code_exists' });
    // The same code in another project is another project's business.
    expect((await client(ctx.app, other.pm.token).post('/site/create', { name: 'A', code: 'DUP' })).statusCode).toBe(
      200,
    );
  });

  it('names the missing field in the language of the session', async () => {
    const res = await client(ctx.app, world.pm.token).post('/site/create', { name: ' ', code: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Name is required');
  });

  it('gives ordinary staff 403 on every change', async () => {
    const staff = client(ctx.app, world.staff.token);
    const siteId = (await client(ctx.app, world.pm.token).post('/site/create', { name: 'C', code: 'C1' })).json().data
      .siteId as number;
    for (const res of [
      await staff.post('/site/create', { name: 'X', code: 'X9' }),
      await staff.post(`/site/update/${siteId}`, { name: 'X', code: 'X9' }),
      await staff.post(`/site/delete/${siteId}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('forbidden');
    }
  });

  it("treats another project's site as missing, and lets the company administrator manage sites", async () => {
    const foreign = (await client(ctx.app, other.pm.token).post('/site/create', { name: 'F', code: 'F1' })).json().data
      .siteId as number;
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.post(`/site/update/${foreign}`, { name: 'Mine', code: 'F1' })).statusCode).toBe(404);
    expect((await pm.post(`/site/delete/${foreign}`)).statusCode).toBe(404);
    expect((await client(ctx.app, other.pm.token).get('/site/list')).json().data).toContainEqual(
      expect.objectContaining({ siteId: foreign, name: 'F' }),
    );

    const admin = client(ctx.app, world.admin.token);
    expect((await admin.post('/common/study/entry', { studyId: world.projectId })).statusCode).toBe(200);
    expect((await admin.post('/site/create', { name: 'By admin', code: 'ADM' })).statusCode).toBe(200);
    // The other company's administrator cannot even enter this project.
    expect(
      (await client(ctx.app, other.admin.token).post('/common/study/entry', { studyId: world.projectId })).statusCode,
    ).toBe(404);
  });

  it('needs an entered project', async () => {
    // other.admin is signed in but has entered no project: there is no project to act on.
    const res = await client(ctx.app, other.admin.token).get('/site/list');
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('forbidden');
  });
});
