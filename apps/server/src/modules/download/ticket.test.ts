import type { RouteInput } from '@edoc/contract/route';
import { downloadRoutes } from '@edoc/contract/download-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTickets } from '../../db/schema/documents.ts';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { sha256 } from '../../lib/crypto.ts';
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
  const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
    fields: { folderId, name: '方案' },
    file: { name: '方案.pdf', content },
  });
  fileId = res.data.fileId;
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
  it('gives a single-use link the browser fetches without a token, resumable by range, trailed when used', async () => {
    const issued = await client(ctx.app, world.pm.token).call(downloadRoutes.ticket, {
      body: { kind: 'document', fileId },
    });
    const { url, expiresInSeconds } = issued.data;
    expect(url).toMatch(/^\/edoc\/download\/ticket\/[\w-]{40,}$/);
    expect(expiresInSeconds).toBe(300);
    const downloads = async () =>
      (await trailOf(ctx.db, 'document', fileId)).filter(
        (r) => r.type === 11 && (r.newValue as { action?: string } | null)?.action === 'download',
      );
    // Issuing records nothing; the use does, once.
    expect(await downloads()).toHaveLength(0);
    const whole = await ctx.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('方案.pdf')}`);
    // The download manager resuming the same download: allowed, not recorded again.
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('-1.4');
    expect(await downloads()).toHaveLength(1);
    // Used: a second whole fetch, or one from the start, is refused.
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } })).statusCode).toBe(404);
  });

  it('dies with its session and with the right, and works for no one else (issue 9)', async () => {
    const ticket = async (token: string) =>
      (await client(ctx.app, token).call(downloadRoutes.ticket, { body: { kind: 'document', fileId } })).data.url;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    // After logout.
    const person = await joinProject(ctx, world, world.roleIds.STU_PM);
    const afterLogout = await ticket(person.token);
    await client(ctx.app, person.token).call(authRoutes.logout);
    expect((await get(afterLogout)).statusCode).toBe(404);

    // After the right was removed: the member's role loses downDoc.
    const [downloader] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: 'DOWN', name: 'Down', docKeys: ['viewDoc', 'downDoc'] })
      .returning();
    const [grant] = await ctx.db
      .insert(folderGrants)
      .values({
        folderId: world.folderByIch.get('8.2.2')!,
        subjectType: 'role',
        subjectId: downloader.id,
        docKeys: ['viewDoc', 'downDoc'],
      })
      .returning();
    const holder = await joinProject(ctx, world, downloader.id);
    const beforeRevoke = await ticket(holder.token);
    await ctx.db
      .update(folderGrants)
      .set({ docKeys: ['viewDoc'] })
      .where(eq(folderGrants.id, grant.id));
    expect((await get(beforeRevoke)).statusCode).toBe(403);

    // Another company's member holding the link gets nothing more than anyone: the link is its issuer's.
    const elsewhere = await createProjectWorld(ctx, 'TIX-2');
    const foreign = await ticket(world.pm.token);
    const asForeign = await ctx.app.inject({
      method: 'GET',
      url: foreign,
      headers: { authorization: `Bearer ${elsewhere.pm.token}` },
    });
    // A link presented with another person's session is not theirs.
    expect(asForeign.statusCode).toBe(404);
    // Without any token it is still the issuer's, once.
    expect((await get(foreign)).statusCode).toBe(200);
    expect((await trailOf(ctx.db, 'document', fileId)).at(-1)!.actorId).toBe(world.pm.id);
  });

  it('is refused to whoever may not download, and an unknown or expired link is not found', async () => {
    const before = (await ctx.db.select().from(downloadTickets)).length;
    const refused = await client(ctx.app, world.staff.token).call(downloadRoutes.ticket, {
      body: { kind: 'document', fileId },
    });
    expect(refused.statusCode).toBe(403);
    expect(await ctx.db.select().from(downloadTickets)).toHaveLength(before);
    expect((await client(ctx.app).get('/download/ticket/' + 'x'.repeat(43))).statusCode).toBe(404);
    const again = (
      await client(ctx.app, world.pm.token).call(downloadRoutes.ticket, { body: { kind: 'document', fileId } })
    ).json().data;
    await ctx.db.update(downloadTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await ctx.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(404);
    for (const t of await ctx.db.select().from(downloadTickets)) expect(t.tokenHash).toMatch(/^[0-9a-f]{64}$/); // only hashes kept
    const pack = await client(ctx.app, world.pm.token).call(downloadRoutes.ticket, {
      body: { kind: 'pack', taskId: 999999 },
    });
    expect(pack.statusCode).toBe(404);
  });
});

describe('download tickets: who may resume, idle sessions, packed tasks (issue 9)', () => {
  const issue = async (token: string, body: RouteInput<typeof downloadRoutes.ticket>['body']) =>
    (await client(ctx.app, token).call(downloadRoutes.ticket, { body: body })).data.url;
  const fetchAs = (url: string, client: { ua: string; ip: string }, range?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress: client.ip,
      headers: { 'user-agent': client.ua, ...(range ? { range } : {}) },
    });

  it('lets only the client that claimed the link resume it: "bytes=1-" is no second download for another', async () => {
    const browser = { ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', ip: '127.0.0.2' };
    const url = await issue(world.pm.token, { kind: 'document', fileId });
    expect((await fetchAs(url, browser)).statusCode).toBe(200);
    expect((await fetchAs(url, { ...browser, ua: 'curl/8.5.0' }, 'bytes=1-')).statusCode).toBe(404);
    expect((await fetchAs(url, { ...browser, ip: '127.0.0.3' }, 'bytes=1-')).statusCode).toBe(404);
    const resumed = await fetchAs(url, browser, 'bytes=1-');
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(content.subarray(1))).toBe(true);
  });

  it('dies when its session has expired idle', async () => {
    const person = await joinProject(ctx, world, world.roleIds.STU_PM);
    const url = await issue(person.token, { kind: 'document', fileId });
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(sessions.tokenHash, sha256(person.token)));
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('for a packed task: once, trailed once, and refused when the task is no longer there', async () => {
    const created = await client(ctx.app, world.pm.token).call(downloadRoutes.createTask, {
      body: {
        name: 'Tickets',
        fileIds: [fileId],
      },
    });
    const taskId = created.data.id;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = (await client(ctx.app, world.pm.token).call(downloadRoutes.taskList)).data.data as {
        id: number;
        state: string;
      }[];
      if (rows.find((r) => r.id === taskId)?.state === 'completed') break;
      if (Date.now() > deadline) throw new Error('pack not completed');
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = await issue(world.pm.token, { kind: 'pack', taskId });
    expect(await trailOf(ctx.db, 'download_task', taskId)).toHaveLength(1); // the creation only
    const zip = await ctx.app.inject({ method: 'GET', url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await trailOf(ctx.db, 'download_task', taskId)).map((r) => r.type)).toEqual([1, 11]);

    const later = await issue(world.pm.token, { kind: 'pack', taskId });
    await client(ctx.app, world.pm.token).call(downloadRoutes.deleteTask, { params: { id: taskId } });
    expect((await ctx.app.inject({ method: 'GET', url: later })).statusCode).toBe(404);
  });
});
