import { tagRoutes } from '@edoc/contract/tag-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { TrailType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TAG-1');
  other = await createProjectWorld(ctx, 'TAG-2');
});
afterAll(() => ctx.close());

describe('project tags', () => {
  it('creates, lists, renames and deletes tags with a trail', async () => {
    const pm = client(ctx.app, world.pm.token);
    const created = await pm.call(tagRoutes.create, { body: { name: 'Urgent', color: 'red' } });
    expect(created.statusCode).toBe(200);
    const id = created.data.id;
    await pm.call(tagRoutes.create, { body: { name: 'audit' } });
    const list = (await client(ctx.app, world.staff.token).call(tagRoutes.list)).data as Array<Record<string, unknown>>;
    expect(list.map((t) => [t.name, t.color])).toEqual([
      ['audit', 'blue'],
      ['Urgent', 'red'],
    ]);
    expect(
      (await pm.call(tagRoutes.update, { params: { id }, body: { name: 'Very urgent', color: '#ff0000' } })).statusCode,
    ).toBe(200);
    expect((await pm.call(tagRoutes.delete, { params: { id } })).statusCode).toBe(200);
    const rows = await trailOf(ctx.db, 'tag', id);
    expect(rows.map((r) => r.type)).toEqual([TrailType.Create, TrailType.Update, TrailType.Delete]);
    expect(rows[1]).toMatchObject({
      projectId: world.projectId,
      oldValue: expect.objectContaining({ name: 'Urgent', color: 'red' }),
      newValue: expect.objectContaining({ name: 'Very urgent', color: '#ff0000' }),
    });
  });

  it('refuses a repeated name ignoring case, a bad colour, staff and other projects', async () => {
    const pm = client(ctx.app, world.pm.token);
    const id = (await pm.call(tagRoutes.create, { body: { name: 'Review' } })).data.id;
    const again = await pm.call(tagRoutes.create, { body: { name: 'REVIEW' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'tag_exists', msg: 'The tag already exists' });
    const second = (await pm.call(tagRoutes.create, { body: { name: 'Second' } })).data.id;
    expect((await pm.call(tagRoutes.update, { params: { id: second }, body: { name: 'review' } })).errorCode).toBe(
      'tag_exists',
    );
    expect((await pm.call(tagRoutes.create, { body: { name: 'X', color: 'url(evil)' } })).msg).toBe(
      'Colour is invalid',
    );
    expect((await pm.call(tagRoutes.create, { body: { name: ' ' } })).msg).toBe('Name is required');
    expect(
      (await client(ctx.app, world.staff.token).call(tagRoutes.create, { body: { name: 'Staff' } })).statusCode,
    ).toBe(403);
    // The same name is free in another project; this project's tag is out of its reach.
    const otherPm = client(ctx.app, other.pm.token);
    expect((await otherPm.call(tagRoutes.create, { body: { name: 'Review' } })).statusCode).toBe(200);
    expect((await otherPm.call(tagRoutes.update, { params: { id }, body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await otherPm.call(tagRoutes.delete, { params: { id } })).statusCode).toBe(404);
    expect(((await client(ctx.app, other.staff.token).call(tagRoutes.list)).data as unknown[]).length).toBe(1);
    // The company administrator outside a project has no project to tag in.
    expect((await client(ctx.app, world.admin.token).call(tagRoutes.list)).statusCode).toBe(403);
  });

  it('answers in Chinese for a Chinese session', async () => {
    const zh = client(ctx.app, await enterZh());
    await zh.call(tagRoutes.create, { body: { name: '中文' } });
    expect((await zh.call(tagRoutes.create, { body: { name: '中文' } })).msg).toBe('标签已存在');
  });
});

async function enterZh(): Promise<string> {
  const token = await signIn(ctx, world.pm.email, undefined, 'zh-CN');
  await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
  return token;
}
