import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTickets } from '../../db/schema/documents.ts';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let fileId: number;
const content = Buffer.from('%PDF-1.4\n% 临床方案\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'TIX-1');
  const folderId = world.folderByIch.get('8.2.2')!;
  const res = await client(ctx.app, world.pm.token).form(
    '/minio/file/save',
    { folderId, name: '方案' },
    { name: '方案.pdf', content },
  );
  fileId = res.json().data.fileId;
  const [viewer] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'VIEW', name: 'View', docKeys: ['viewDoc'] })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId, subjectType: 'role', subjectId: viewer.id, docKeys: ['viewDoc'] });
  world.staff = await joinProject(ctx, world, viewer.id);
});

afterAll(async () => {
  await ctx.close();
});

describe('download tickets', () => {
  it('gives a link the browser fetches without a token, by range too, and trails the download when issued', async () => {
    const issued = await client(ctx.app, world.pm.token).post('/download/ticket', { kind: 'document', fileId });
    const { url, expiresInSeconds } = issued.json().data;
    expect(url).toMatch(/^\/edoc\/download\/ticket\/[\w-]{40,}$/);
    expect(expiresInSeconds).toBe(300);
    const whole = await ctx.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('方案.pdf')}`);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');
    const rows = await trailOf(ctx.db, 'document', fileId);
    expect(rows.at(-1)).toMatchObject({ type: 11, newValue: { action: 'download' } });
  });

  it('is refused to whoever may not download, and an unknown or expired link is not found', async () => {
    const refused = await client(ctx.app, world.staff.token).post('/download/ticket', { kind: 'document', fileId });
    expect(refused.statusCode).toBe(403);
    expect(await ctx.db.select().from(downloadTickets)).toHaveLength(1);
    expect((await client(ctx.app).get('/download/ticket/' + 'x'.repeat(43))).statusCode).toBe(404);
    const again = (await client(ctx.app, world.pm.token).post('/download/ticket', { kind: 'document', fileId })).json()
      .data;
    await ctx.db.update(downloadTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await ctx.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(404);
    for (const t of await ctx.db.select().from(downloadTickets)) expect(t.tokenHash).toMatch(/^[0-9a-f]{64}$/); // only hashes kept
    const pack = await client(ctx.app, world.pm.token).post('/download/ticket', { kind: 'pack', taskId: 999999 });
    expect(pack.statusCode).toBe(404);
  });
});
