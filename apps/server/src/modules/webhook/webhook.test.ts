import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentRoutes } from '@edoc/contract/document-routes';
import { UserType } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import { fieldLabel } from '@edoc/contract/fields';
import { webhookRoutes as r } from '@edoc/contract/webhook-routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema/identity.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectRow,
  createProjectWorld,
  createUser,
  type ProjectWorld,
  SAMPLE,
  signIn,
} from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { deliverDueWebhooks } from './webhook-deliver.ts';
import { queueTrailEvents } from './webhook-events.ts';
import { queueEvent } from './webhook-queue.ts';
import { verifyWebhookSignature } from './webhook-sign.ts';

/**
 * The subscription routes (issue 29 part 5): who may act on which hooks, and a hook made through them receiving real
 * events through the worker round (the trail round, the due round, the job queue) at a receiver that checks the
 * signature with the secret the creation answered.
 */
let ctx: TestContext;
let world: ProjectWorld;
let sysToken: string;
let adminB: string;
let server: http.Server;
let base: string;
const secrets = new Map<string, string>(); // receiver path → secret
const received: Array<{ path: string; event: string; delivery: string; valid: boolean }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'HOOK-R');
  sysToken = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.System })).email);
  const companyB = await createCompany(ctx.db);
  adminB = await signIn(ctx, (await createCompanyAdmin(ctx.db, companyB.id)).email);
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '';
      const valid = verifyWebhookSignature(secrets.get(path) ?? '', body, String(req.headers['x-edoc-signature']));
      received.push({
        path,
        event: String(req.headers['x-edoc-event']),
        delivery: String(req.headers['x-edoc-delivery']),
        valid,
      });
      res.writeHead(valid ? 200 : 401).end(valid ? 'thanks' : 'bad signature');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await queueTrailEvents(ctx.db); // the first round sets the cursor at the trail's end
}, 120_000);
afterAll(async () => {
  server.close();
  await ctx.close();
});

/** One worker round as main.ts runs it, then waits (generously: a loaded machine) for the job to have run. */
async function round(deliveryIds: () => Promise<number[]>) {
  await queueTrailEvents(ctx.db);
  await deliverDueWebhooks(ctx.db, ctx.deps.jobs);
  for (let i = 0; i < 300; i++) {
    const ids = await deliveryIds();
    const rows = ids.length
      ? await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, ids[0]))
      : [];
    if (rows.length > 0 && rows.every((d) => d.state !== 'pending' || d.attempts > 0)) return rows;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the delivery job did not run');
}

describe('webhook settings', () => {
  it("is the system administrator's, trailed, and a private target is refused naming the field while off", async () => {
    expect((await client(ctx.app, world.pm.token).call(r.settings)).statusCode).toBe(403);
    expect(
      (await client(ctx.app, world.admin.token).call(r.saveSettings, { body: { allowPrivateTargets: true } }))
        .statusCode,
    ).toBe(403);
    const sys = client(ctx.app, sysToken);
    expect((await sys.call(r.settings)).data.allowPrivateTargets).toBe(false);
    const refused = await client(ctx.app, world.pm.token).call(r.project.create, {
      body: { url: `${base}/x`, events: ['document.created'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.errorCode).toBe('webhook_target_private');
    expect(refused.msg).toContain('URL: it points to a private');
    // The session's language decides the answer's; the Chinese one names the field the same way.
    expect(errorMessage('webhook_target_private', 'zh-CN', { field: fieldLabel('url', 'zh-CN') })).toMatch(
      /^接收地址：指向内网/,
    );
    const notHttp = await client(ctx.app, world.pm.token).call(r.project.create, {
      body: { url: 'ftp://example.com/x', events: ['document.created'] },
    });
    expect(notHttp.errorCode).toBe('webhook_url_invalid');
    expect(await ctx.db.select().from(webhooks)).toHaveLength(0);
    expect((await sys.call(r.saveSettings, { body: { allowPrivateTargets: true } })).statusCode).toBe(200);
    expect((await sys.call(r.settings)).data.allowPrivateTargets).toBe(true);
    const rows = await ctx.db.select().from(trail).where(eq(trail.objectType, 'webhook_settings'));
    expect(rows.map((t) => t.newValue)).toEqual([{ allowPrivateTargets: true }]);
  });
});

describe('project webhooks', () => {
  let hookId = 0;
  const hookIds = async () => [hookId];

  it("are the project administrator's: staff and another company's administrator are refused", async () => {
    const pm = client(ctx.app, world.pm.token);
    secrets.set('/project', '');
    const created = await pm.call(r.project.create, {
      body: { url: `${base}/project`, events: ['document.created', 'document.created'] },
    });
    hookId = created.data.id;
    expect(created.data.secret).toMatch(/^whsec_/);
    secrets.set('/project', created.data.secret);
    const list = (await pm.call(r.projectList)).data.list;
    expect(list).toEqual([
      expect.objectContaining({ id: hookId, events: ['document.created'], enabled: true, lastDelivery: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.data.secret);
    expect((await client(ctx.app, world.staff.token).call(r.projectList)).statusCode).toBe(403);
    // A company hook route does not reach a project's hook, nor another company's administrator anything of A's.
    const viaCompany = await client(ctx.app, world.admin.token).call(r.company.test, { params: { id: hookId } });
    expect(viaCompany.errorCode).toBe('webhook_not_found');
    expect((await client(ctx.app, adminB).call(r.company.remove, { params: { id: hookId } })).statusCode).toBe(404);
    const [made] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'webhook'), eq(trail.objectId, String(hookId))));
    expect(made.newValue).toMatchObject({ url: `${base}/project`, projectId: world.projectId, paused: false });
    expect(JSON.stringify(made)).not.toContain(created.data.secret);
  });

  it('deliver a real upload through the worker round, signed with the secret answered once', async () => {
    const folderId = world.folderByIch.get('8.2.2')!;
    const up = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId, name: 'Protocol' },
      file: { name: 'p.pdf', content: SAMPLE.pdf() },
    });
    expect(up.statusCode).toBe(200);
    const rows = await round(hookIds);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'document.created', state: 'delivered', responseStatus: 200 });
    expect(received.at(-1)).toMatchObject({ path: '/project', event: 'document.created', valid: true });
    const log = (await client(ctx.app, world.pm.token).call(r.project.deliveries, { params: { id: hookId } })).data;
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({ state: 'delivered', responseStatus: 200, responseExcerpt: 'thanks' });
  });

  it('re-send the same event as a new delivery, and send a test event', async () => {
    const pm = client(ctx.app, world.pm.token);
    const [first] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    const again = await pm.call(r.project.resend, { params: { id: hookId }, body: { deliveryId: first.id } });
    expect(again.data.deliveryId).not.toBe(first.id);
    const ping = await pm.call(r.project.test, { params: { id: hookId } });
    await round(hookIds);
    const got = received.slice(-2);
    expect(got.map((g) => g.valid)).toEqual([true, true]);
    expect(got.map((g) => g.event).sort()).toEqual(['document.created', 'ping']);
    expect(got.find((g) => g.event === 'document.created')!.delivery).toBe(first.eventId);
    expect(
      (await pm.call(r.project.deliveries, { params: { id: hookId }, query: { pageSize: 2 } })).data,
    ).toMatchObject({
      total: 3,
      list: [{ id: ping.data.deliveryId }, { id: again.data.deliveryId }],
    });
    // A delivery of another hook is not this hook's to re-send.
    const other = await pm.call(r.project.resend, { params: { id: hookId }, body: { deliveryId: first.id + 1000 } });
    expect(other.errorCode).toBe('webhook_delivery_not_found');
  });

  it('rotate the secret (deliveries then signed with the new one), resume a paused hook, update and delete', async () => {
    const pm = client(ctx.app, world.pm.token);
    const rotated = await pm.call(r.project.rotate, { params: { id: hookId } });
    expect(rotated.data.secret).not.toBe(secrets.get('/project'));
    secrets.set('/project', rotated.data.secret);
    await ctx.db.update(webhooks).set({ pausedAt: new Date(), consecutiveFailures: 10 }).where(eq(webhooks.id, hookId));
    expect((await pm.call(r.projectList)).data.list[0].pausedAt).not.toBeNull();
    await pm.call(r.project.test, { params: { id: hookId } });
    expect(await deliverDueWebhooks(ctx.db, ctx.deps.jobs)).toBe(0); // paused: nothing goes
    expect((await pm.call(r.project.resume, { params: { id: hookId } })).statusCode).toBe(200);
    const rows = await round(hookIds);
    expect(rows.every((d) => d.state === 'delivered')).toBe(true);
    expect(received.at(-1)).toMatchObject({ event: 'ping', valid: true });
    const [resumed] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(resumed).toMatchObject({ pausedAt: null, consecutiveFailures: 0 });

    const updated = await pm.call(r.project.update, {
      params: { id: hookId },
      body: { url: `${base}/project`, events: ['task.created'], enabled: false },
    });
    expect(updated.statusCode).toBe(200);
    expect((await pm.call(r.projectList)).data.list[0]).toMatchObject({ enabled: false, events: ['task.created'] });
    expect((await pm.call(r.project.remove, { params: { id: hookId } })).statusCode).toBe(200);
    expect((await pm.call(r.projectList)).data.list).toEqual([]);
    const changes = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'webhook'), eq(trail.objectId, String(hookId))));
    expect(changes.map((t) => t.newValue && (t.newValue as { secretRotated?: boolean }).secretRotated)).toContain(true);
    expect(changes.at(-1)!.newValue).toBeNull();
  });
});

describe('company webhooks', () => {
  it("are the company administrator's own company's; the system administrator names the company", async () => {
    const adminA = client(ctx.app, world.admin.token);
    const created = await adminA.call(r.company.create, { body: { url: `${base}/company`, events: ['task.created'] } });
    const id = created.data.id;
    expect((await adminA.call(r.companyList)).data.list.map((h) => h.id)).toEqual([id]);
    expect((await client(ctx.app, adminB).call(r.companyList)).data.list).toEqual([]);
    expect(
      (await client(ctx.app, adminB).call(r.companyList, { query: { companyId: world.companyId } })).statusCode,
    ).toBe(403);
    const foreign = await client(ctx.app, adminB).call(r.company.update, {
      params: { id },
      body: { url: `${base}/company`, events: ['task.created'], enabled: true },
    });
    expect(foreign.errorCode).toBe('webhook_not_found');
    expect((await client(ctx.app, adminB).call(r.company.deliveries, { params: { id } })).statusCode).toBe(404);
    // The project's administrator does not reach company hooks, nor the project routes a company's.
    expect((await client(ctx.app, world.pm.token).call(r.company.test, { params: { id } })).statusCode).toBe(403);
    expect((await client(ctx.app, world.pm.token).call(r.project.test, { params: { id } })).statusCode).toBe(404);
    const sys = client(ctx.app, sysToken);
    expect(
      (await sys.call(r.company.create, { body: { url: `${base}/c`, events: ['task.created'] } })).statusCode,
    ).toBe(400);
    expect((await sys.call(r.companyList, { query: { companyId: world.companyId } })).data.list).toHaveLength(1);
    expect((await sys.call(r.company.test, { params: { id } })).statusCode).toBe(200);
  });

  it('limits a company hook to chosen projects of the company, and refuses another company’s naming the field', async () => {
    const adminA = client(ctx.app, world.admin.token, { lang: 'en-US' });
    const other = (await createProjectRow(ctx.db, world.companyId)).id;
    const foreign = (await createProjectRow(ctx.db, (await createCompany(ctx.db)).id)).id;
    const body = { url: `${base}/only`, events: ['document.created' as const] };
    const refused = await adminA.call(r.company.create, { body: { ...body, projectIds: [world.projectId, foreign] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.errorCode).toBe('invalid_value');
    expect(refused.msg).toContain(fieldLabel('projectIds', 'en-US'));
    // A project's hook hears its own project: it takes no list.
    const pm = client(ctx.app, world.pm.token);
    expect((await pm.call(r.project.create, { body: { ...body, projectIds: [other] } })).statusCode).toBe(400);

    const { id } = (await adminA.call(r.company.create, { body: { ...body, projectIds: [world.projectId] } })).data;
    const row = (await adminA.call(r.companyList)).data.list.find((h) => h.id === id)!;
    expect(row.projectIds).toEqual([world.projectId]);
    const heard = async (projectId: number) => {
      const payload = { id: `evt-${projectId}-${Date.now()}` } as never;
      await ctx.db.transaction((tx) =>
        queueEvent(tx, { event: 'document.created', companyId: world.companyId, projectId, payload }),
      );
      const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
      return rows.length;
    };
    expect(await heard(other)).toBe(0);
    expect(await heard(world.projectId)).toBe(1);
    // Every project again (an empty list): the other project's event reaches it too.
    await adminA.call(r.company.update, { params: { id }, body: { ...body, projectIds: [], enabled: true } });
    expect(await heard(other)).toBe(2);
    const [trailRow] = await ctx.db
      .select()
      .from(trail)
      .where(and(eq(trail.objectType, 'webhook'), eq(trail.objectId, String(id))))
      .orderBy(trail.id)
      .limit(1);
    expect(trailRow.newValue).toMatchObject({ projectIds: [world.projectId] });
  });
});
