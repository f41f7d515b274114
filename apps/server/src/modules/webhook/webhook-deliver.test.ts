import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentRoutes } from '@edoc/contract/document-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema/identity.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld, SAMPLE } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { BACKOFF_MS, deliverWebhook, PAUSE_AFTER } from './webhook-deliver.ts';
import { queueEvent, queueTrailEvents } from './webhook-events.ts';
import { setAllowPrivateTargets } from './webhook-settings.ts';
import { verifyWebhookSignature } from './webhook-sign.ts';

/** A real receiver on 127.0.0.1 that checks signatures as a receiver would, answering `status`. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  signatureValid: boolean;
}
let ctx: TestContext;
let world: ProjectWorld;
let server: http.Server;
let base: string;
const received: Received[] = [];
const SECRET = 'whsec-test';

async function hook(path: string, events: string[]) {
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      companyId: world.companyId,
      projectId: world.projectId,
      url: `${base}${path}`,
      secret: SECRET,
      events,
      createdBy: world.admin.id,
    })
    .returning();
  return row;
}

async function ping(hookId: number) {
  const payload = {
    id: randomUUID(),
    event: 'ping' as const,
    occurredAt: new Date().toISOString(),
    company: { id: world.companyId },
    project: { id: world.projectId },
    object: { type: 'webhook', id: String(hookId) },
    actor: null,
  };
  await queueEvent(ctx.db, {
    event: 'ping',
    companyId: world.companyId,
    projectId: world.projectId,
    payload,
    onlyHookId: hookId,
  });
  const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, payload.id));
  return rows[0];
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'HOOK-1');
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const signatureValid = verifyWebhookSignature(SECRET, body, String(req.headers['x-edoc-signature']));
      received.push({ headers: req.headers, body, signatureValid });
      if (req.url === '/fail') res.writeHead(500).end('x'.repeat(10_000));
      else if (req.url === '/redirect') res.writeHead(302, { location: `${base}/ok` }).end();
      else res.writeHead(signatureValid ? 204 : 401).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setAllowPrivateTargets(ctx.db, true, null);
  await queueTrailEvents(ctx.db); // the first round sets the cursor at the trail's end
}, 120_000);
afterAll(async () => {
  server.close();
  await ctx.close();
});

describe('webhook delivery', () => {
  it('sends document.created from a real upload, signed, with the document fields and no file contents', async () => {
    const h = await hook('/ok', ['document.created']);
    const folderId = world.folderByIch.get('8.2.2')!;
    const up = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId, name: 'Monitoring plan' },
      file: { name: 'plan.pdf', content: SAMPLE.pdf() },
    });
    expect(up.statusCode).toBe(200);
    expect(await queueTrailEvents(ctx.db)).toBeGreaterThan(0);
    const [d] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    expect(d.event).toBe('document.created');
    expect(await deliverWebhook(ctx.db, d.id)).toBe('delivered');
    const got = received.at(-1)!;
    expect(got.signatureValid).toBe(true);
    expect(got.headers['x-edoc-event']).toBe('document.created');
    expect(got.headers['x-edoc-delivery']).toBe(d.eventId);
    const payload = JSON.parse(got.body) as { object: Record<string, unknown>; project: { id: number } };
    expect(payload.object).toMatchObject({ type: 'document', name: 'Monitoring plan' });
    expect(payload.project.id).toBe(world.projectId);
    expect(got.body).not.toContain(SAMPLE.pdf().toString('base64').slice(0, 16));
    // A later round does not queue the same row again.
    await queueTrailEvents(ctx.db);
    expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id))).toHaveLength(1);
  });

  it('retries a failing receiver with backoff, gives up after the last, and pauses the hook after repeated failures', async () => {
    const h = await hook('/fail', []);
    const d = await ping(h.id);
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i <= BACKOFF_MS.length; i++) {
      const state = await deliverWebhook(ctx.db, d.id, new Date(now));
      const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id));
      expect(row.responseStatus).toBe(500);
      expect(row.responseBody!.length).toBeLessThanOrEqual(4096);
      if (state === 'pending') waits.push(row.nextAttemptAt.getTime() - now);
      else expect(state).toBe('failed');
      now = row.nextAttemptAt.getTime();
    }
    expect(waits).toEqual(BACKOFF_MS);
    // One failed delivery counts once; the tenth in a row pauses the hook, and a paused hook sends nothing.
    await ctx.db
      .update(webhooks)
      .set({ consecutiveFailures: PAUSE_AFTER - 1 })
      .where(eq(webhooks.id, h.id));
    const second = await ping(h.id);
    await ctx.db
      .update(webhookDeliveries)
      .set({ attempts: BACKOFF_MS.length })
      .where(eq(webhookDeliveries.id, second.id));
    expect(await deliverWebhook(ctx.db, second.id)).toBe('failed');
    const [paused] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, h.id));
    expect(paused.consecutiveFailures).toBe(PAUSE_AFTER);
    expect(paused.pausedAt).not.toBeNull();
    expect(await ping(h.id)).toBeUndefined();
  });

  it('does not follow redirects', async () => {
    const h = await hook('/redirect', []);
    const d = await ping(h.id);
    const before = received.length;
    expect(await deliverWebhook(ctx.db, d.id)).toBe('pending');
    expect(received.length).toBe(before + 1);
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id));
    expect(row.responseStatus).toBe(302);
  });

  it('refuses a private target at delivery when private targets are not allowed, sending nothing', async () => {
    const h = await hook('/ok', []);
    const d = await ping(h.id);
    await setAllowPrivateTargets(ctx.db, false, null);
    const before = received.length;
    try {
      expect(await deliverWebhook(ctx.db, d.id)).toBe('pending');
    } finally {
      await setAllowPrivateTargets(ctx.db, true, null);
    }
    expect(received.length).toBe(before);
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id));
    expect(row.error).toMatch(/refused: .*private address/);
  });
});
