import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../test/factories.ts';
import { client } from '../test/requests.ts';

// Issue 9, finding 6: sessions entered before a project was closed kept reading and uploading.
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
  it('ends their project access at once, and gives it back when reopened', async () => {
    const staff = client(ctx.app, world.staff.token);
    expect((await staff.get('/site/list')).statusCode).toBe(200);

    await setProject({ closed: true });
    const closed = await staff.get('/site/list');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().errorCode).toBe('project_closed');
    expect((await client(ctx.app, world.pm.token).post('/site/create', { name: 'X', code: 'X1' })).statusCode).toBe(
      403,
    );
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
