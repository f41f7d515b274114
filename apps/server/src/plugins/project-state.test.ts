import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../test/factories.ts';
import { client } from '../test/requests.ts';

// Issue 9, finding 6: sessions entered before a project was closed kept reading and uploading. Issue 11: a closed
// project stays readable (an archived TMF is read for years) and nothing in it changes; an expired one is shut.
let ctx: TestContext;
let world: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'STATE-1');
});
afterAll(() => ctx.close());

const setProject = (values: Partial<typeof projects.$inferInsert>) =>
  ctx.db.update(projects).set(values).where(eq(projects.id, world.projectId));

describe('a project closed or expired while its members work in it', () => {
  it('leaves a closed project readable and unchangeable at once, ends an expired one, and gives it back', async () => {
    const staff = client(ctx.app, world.staff.token);
    const pm = client(ctx.app, world.pm.token);
    expect((await staff.get('/site/list')).statusCode).toBe(200);

    await setProject({ closed: true });
    expect((await staff.get('/site/list')).statusCode).toBe(200);
    const refused = await pm.post('/site/create', { name: 'X', code: 'X1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('project_closed');
    // The rights the web builds its buttons from keep only reading.
    const tree = (await pm.get('/folder/tree/list?type=0')).json().data.allFolderList as Array<{
      docKeys: string[];
      canCreateFile: boolean;
    }>;
    expect(tree[0].canCreateFile).toBe(false);
    expect(tree[0].docKeys.sort()).toEqual(['downDoc', 'viewDoc', 'viewTrailDoc', 'viewVersionDoc']);
    // The sign-in itself lives on: the user can go back to the project picker.
    expect((await staff.get('/user/info')).statusCode).toBe(200);

    await setProject({ closed: false, endDate: '2020-01-01' });
    const expired = await staff.get('/site/list');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errorCode).toBe('project_expired');

    await setProject({ endDate: null });
    expect((await staff.get('/site/list')).statusCode).toBe(200);
  });
});
