import { projectSettingsRoutes } from '@edoc/contract/project-routes';
import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'PS-1');
});
afterAll(() => ctx.close());

const settings = {
  name: 'Oncology phase III',
  phase: 'III',
  description: 'Pivotal study',
  idleMinutes: 45,
  pageSize: 20,
  reviewOpen: true,
  qcOpen: false,
  approveOpen: true,
  allowedFileTypes: ['PDF', 'docx', 'pdf'],
  versionConvention: 'v{major}',
};

describe("the project administrator's settings", () => {
  it('reads and saves the settings, keeping the code, end date and library flag', async () => {
    const pm = client(ctx.app, world.pm.token);
    const before = (await pm.call(projectSettingsRoutes.settings)).data;
    expect(before).toMatchObject({ studyId: world.projectId, code: 'PS-1' });

    const saved = await pm.post('/manage/study/update', {
      ...settings,
      code: 'HACKED',
      endDate: '2000-01-01',
      libraryFolder: false,
    });
    // Fields that stay with the company administrator are not part of this call.
    expect(saved.statusCode).toBe(200);
    const after = (await pm.call(projectSettingsRoutes.settings)).data;
    expect(after).toMatchObject({
      ...settings,
      allowedFileTypes: ['pdf', 'docx'],
      code: 'PS-1',
      endDate: null,
      libraryFolder: before.libraryFolder,
    });

    const [row] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'project'), eq(trail.actorId, world.pm.id)));
    expect(row.type).toBe(TrailType.SettingsChange);
    expect(row.oldValue).toMatchObject({ name: 'Project PS-1', qcOpen: true, idleMinutes: 30 });
    expect(row.newValue).toMatchObject({ name: 'Oncology phase III', qcOpen: false, idleMinutes: 45 });
    expect(row.newValue).not.toHaveProperty('code');
  });

  it('names a bad field', async () => {
    const res = await client(ctx.app, world.pm.token).call(projectSettingsRoutes.update, {
      body: { ...settings, idleMinutes: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.msg).toBe('Idle time is invalid');
  });

  it('is closed to ordinary staff', async () => {
    const staff = client(ctx.app, world.staff.token);
    const nameOf = async () => (await ctx.db.select().from(projects).where(eq(projects.id, world.projectId)))[0].name;
    const before = await nameOf();
    expect((await staff.call(projectSettingsRoutes.settings)).statusCode).toBe(403);
    const res = await staff.call(projectSettingsRoutes.update, { body: { ...settings, name: 'Staff was here' } });
    expect(res.statusCode).toBe(403);
    expect(res.errorCode).toBe('forbidden');
    expect(await nameOf()).toBe(before);
  });
});
