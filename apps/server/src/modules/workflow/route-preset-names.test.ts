import { TrailType } from '@edoc/contract/enums';
import { Stage } from '@edoc/contract/workflow';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/projects.ts';
import { routePresets } from '../../db/schema/workflow.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, PASSWORD, signIn, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let siteId: number;
/** The project administrator signed in a second time, in Chinese (a session's language wins over Accept-Language). */
let zhToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'RP-N');
  const [site] = await ctx.db
    .insert(sites)
    .values({ projectId: world.projectId, name: 'Site A', code: 'RPN-A' })
    .returning();
  siteId = site.id;
  zhToken = await signIn(ctx, world.pm.email, PASSWORD, 'zh-CN');
  await client(ctx.app, zhToken).post('/common/study/entry', { studyId: world.projectId });
});
afterAll(() => ctx.close());

const stages = () => [{ stage: Stage.Review, userIds: [world.staff.id] }];
const pm = (lang = 'en-US') => client(ctx.app, lang === 'zh-CN' ? zhToken : world.pm.token);
const namesOf = async () => (await pm().call(workflowRoutes.presetList)).data.map((p) => p.name).sort();

describe('route template names (issue 26 item 5)', () => {
  it('refuses a name its scope already has, whatever the case, in both languages, and keeps one', async () => {
    expect((await pm().call(workflowRoutes.createPreset, { body: { name: 'Route 1', stages: stages() } })).status).toBe(
      true,
    );
    const en = await pm().call(workflowRoutes.createPreset, { body: { name: ' route 1 ', stages: stages() } });
    expect(en.statusCode).toBe(409);
    expect(en.errorCode).toBe('route_preset_name_exists');
    expect(en.msg).toBe('A route template named "route 1" already exists here: choose another name');
    const zh = await pm('zh-CN').call(workflowRoutes.createPreset, { body: { name: 'Route 1', stages: stages() } });
    expect(zh.msg).toBe('此范围内已有名为“Route 1”的流程模板，请换一个名称');
    expect(await namesOf()).toEqual(['Route 1']);
  });

  it('allows the same name in another scope (a site)', async () => {
    const res = await pm().call(workflowRoutes.createPreset, { body: { name: 'Route 1', siteId, stages: stages() } });
    expect(res.status, res.msg).toBe(true);
    const again = await pm().call(workflowRoutes.createPreset, { body: { name: 'ROUTE 1', siteId, stages: stages() } });
    expect(again.errorCode).toBe('route_preset_name_exists');
  });

  it('renames, refusing a name taken in the scope, with its trail row', async () => {
    const { id } = (await pm().call(workflowRoutes.createPreset, { body: { name: 'Route 2', stages: stages() } })).data;
    const taken = await pm().call(workflowRoutes.renamePreset, { params: { id }, body: { name: 'route 1' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.errorCode).toBe('route_preset_name_exists');
    const empty = await pm('zh-CN').call(workflowRoutes.renamePreset, { params: { id }, body: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.msg).toContain('名称');
    expect((await ctx.db.select().from(routePresets).where(eq(routePresets.id, id)))[0].name).toBe('Route 2');

    const renamed = await pm().call(workflowRoutes.renamePreset, {
      params: { id },
      body: { name: 'Site visit route' },
    });
    expect(renamed.status, renamed.msg).toBe(true);
    expect(await namesOf()).toEqual(['Route 1', 'Route 1', 'Site visit route']);
    expect((await trailOf(ctx.db, 'route_template', id)).at(-1)).toMatchObject({
      type: TrailType.Update,
      oldValue: { name: 'Route 2' },
      newValue: { name: 'Site visit route' },
    });
    // Someone else's template is not theirs to rename.
    const other = await client(ctx.app, world.staff.token).call(workflowRoutes.renamePreset, {
      params: { id },
      body: { name: 'Mine now' },
    });
    expect(other.statusCode).toBe(403);
  });
});
