import { userRoutes } from '@edoc/contract/user-routes';
import { ALERT_KINDS } from '@edoc/contract/alert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectRow, createProjectWorld, createUser, type ProjectWorld, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { wantsAlert } from './project-alert.service.ts';

let ctx: TestContext;
let world: ProjectWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'ALERT-1');
});
afterAll(() => ctx.close());

describe('project alerts', () => {
  it('lists each project the user is a member of with every kind on by default', async () => {
    const res = await client(ctx.app, world.staff.token).call(userRoutes.projectAlerts);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([
      {
        studyId: world.projectId,
        studyCode: 'ALERT-1',
        studyName: 'Project ALERT-1',
        companyName: expect.any(String),
        kinds: [...ALERT_KINDS],
      },
    ]);
    expect(await wantsAlert(ctx.db, { userId: world.staff.id, projectId: world.projectId, kind: 'review' })).toBe(true);
    // A system administrator, member of nothing, gets an empty list rather than an error.
    const sysadmin = await signIn(ctx, (await createUser(ctx.db)).email);
    expect((await client(ctx.app, sysadmin).call(userRoutes.projectAlerts)).data).toEqual([]);
  });

  it('saves the chosen kinds per project, trails the change, and wantsAlert follows them', async () => {
    const api = client(ctx.app, world.staff.token);
    const saved = await api.call(userRoutes.saveProjectAlert, {
      body: { studyId: world.projectId, kinds: ['qc', 'receive', 'qc'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toEqual({ studyId: world.projectId, kinds: ['receive', 'qc'] });
    expect((await api.call(userRoutes.projectAlerts)).data[0].kinds).toEqual(['receive', 'qc']);
    const staff = { userId: world.staff.id, projectId: world.projectId };
    expect(await wantsAlert(ctx.db, { ...staff, kind: 'qc' })).toBe(true);
    expect(await wantsAlert(ctx.db, { ...staff, kind: 'approve' })).toBe(false);
    // Another member's choice is their own.
    expect(await wantsAlert(ctx.db, { userId: world.pm.id, projectId: world.projectId, kind: 'approve' })).toBe(true);

    await api.call(userRoutes.saveProjectAlert, { body: { studyId: world.projectId, kinds: [] } });
    expect((await api.call(userRoutes.projectAlerts)).data[0].kinds).toEqual([]);
    expect(await wantsAlert(ctx.db, { ...staff, kind: 'receive' })).toBe(false);

    const trail = await trailOf(ctx.db, 'study_alert', world.staff.id);
    expect(trail.map((t) => [t.oldValue, t.newValue])).toEqual([
      [{ kinds: [...ALERT_KINDS] }, { kinds: ['receive', 'qc'] }],
      [{ kinds: ['receive', 'qc'] }, { kinds: [] }],
    ]);
    expect(trail[0].projectId).toBe(world.projectId);
  });

  it('refuses a project the user is not a member of, and an unknown kind, naming the field', async () => {
    const api = client(ctx.app, world.staff.token);
    const other = await createProjectRow(ctx.db, world.companyId);
    for (const projectId of [other.id, 999_999]) {
      const res = await api.call(userRoutes.saveProjectAlert, { body: { studyId: projectId, kinds: ['qc'] } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'invalid_value', msg: 'Project is invalid' });
    }
    expect(await wantsAlert(ctx.db, { userId: world.staff.id, projectId: other.id, kind: 'qc' })).toBe(true);
    const badKind = await api.call(userRoutes.saveProjectAlert, { body: { studyId: world.projectId, kinds: ['sms'] } });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.msg).toBe('Alert kinds is invalid');
    const noProject = await api.post('/user/study_alert/a', { kinds: [] });
    expect(noProject.json().msg).toBe('Project is required');
    expect((await client(ctx.app).call(userRoutes.projectAlerts)).statusCode).toBe(401);
  });
});
