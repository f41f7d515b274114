import { randomUUID } from 'node:crypto';
import { TrailType } from '@edoc/contract/enums';
import type { WebhookCreateBody, WebhookPayload, WebhookUpdateBody } from '@edoc/contract/webhook';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/identity.ts';
import { projects } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { allowPrivateTargets } from './webhook-settings.ts';
import { resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

/**
 * Subscriptions (issue 29 part 5): a project's hooks, kept by its administrator, and a company's, kept by the company
 * administrator. The routes resolve which hooks the caller may touch (HookOwner) and pass the actor the trail rows
 * are written as; everything here then acts within that.
 */
type Hook = typeof webhooks.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect;

/** Whose hooks a call acts on: the entered project's, or a company's (projectId null). */
export interface HookOwner {
  companyId: number;
  projectId: number | null;
  actor: TrailActor;
}

const SECRET_PREFIX = 'whsec_';

const shape = (
  h: Pick<Hook, 'companyId' | 'projectId' | 'projectIds' | 'url' | 'events' | 'enabled' | 'pausedAt'>,
) => ({
  companyId: h.companyId,
  projectId: h.projectId,
  projectIds: h.projectIds,
  url: h.url,
  events: h.events,
  enabled: h.enabled,
  paused: h.pausedAt !== null,
});

/**
 * Where the URL may point, checked when it is saved (and again at each delivery): the refusal names the field.
 * Resolved before any transaction opens, so a slow DNS answer holds no lock.
 */
async function checkTarget(deps: Deps, url: string): Promise<void> {
  try {
    await resolveWebhookTarget(url, await allowPrivateTargets(deps.db));
  } catch (err) {
    if (!(err instanceof WebhookTargetError)) throw err;
    const code =
      err.reason === 'private'
        ? 'webhook_target_private'
        : err.reason === 'unresolved'
          ? 'webhook_target_unresolved'
          : 'webhook_url_invalid';
    fail(code, { field: 'url' });
  }
}

/**
 * A company hook's projects, each the company's (else invalid_value naming the field: another company's project is
 * none of this one's); none given or an empty list, every project. A project hook takes none.
 */
async function hookProjects(tx: Tx, owner: Omit<HookOwner, 'actor'>, ids: number[] | null | undefined) {
  if (!ids || ids.length === 0) return null;
  if (owner.projectId !== null) fail('invalid_value', { field: 'projectIds' });
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const found = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, owner.companyId), inArray(projects.id, unique)));
  if (found.length !== unique.length) fail('invalid_value', { field: 'projectIds' });
  return unique;
}

/** The hook with that id among the owner's (locked for the change), or webhook_not_found: another's is unknown. */
export async function ownedHook(tx: Tx, owner: Omit<HookOwner, 'actor'>, id: number, lock = true): Promise<Hook> {
  const q = tx
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.id, id),
        eq(webhooks.companyId, owner.companyId),
        owner.projectId === null ? isNull(webhooks.projectId) : eq(webhooks.projectId, owner.projectId),
      ),
    );
  const [hook] = lock ? await q.for('update') : await q;
  if (!hook) fail('webhook_not_found');
  return hook;
}

/** POST …/webhook: a new hook and its signing secret, answered this once. */
export async function createHook(deps: Deps, owner: HookOwner, userId: number, body: WebhookCreateBody) {
  await checkTarget(deps, body.url);
  const secret = SECRET_PREFIX + randomToken();
  return deps.db.transaction(async (tx) => {
    const values = {
      companyId: owner.companyId,
      projectId: owner.projectId,
      projectIds: await hookProjects(tx, owner, body.projectIds),
      url: body.url,
      secret,
      events: [...new Set(body.events)],
      createdBy: userId,
    };
    const [row] = await tx.insert(webhooks).values(values).returning();
    await recordTrail(tx, owner.actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook',
      objectId: row.id,
      oldValue: null,
      newValue: shape(row),
    });
    return { id: row.id, secret };
  });
}

/** POST …/webhook/:id: URL, events and whether it is on. */
export async function updateHook(deps: Deps, owner: HookOwner, id: number, body: WebhookUpdateBody): Promise<void> {
  await checkTarget(deps, body.url);
  await deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    const set = {
      url: body.url,
      events: [...new Set(body.events)],
      projectIds: await hookProjects(tx, owner, body.projectIds),
      enabled: body.enabled,
      updatedAt: new Date(),
    };
    await tx.update(webhooks).set(set).where(eq(webhooks.id, id));
    await recordTrail(tx, owner.actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook',
      objectId: id,
      oldValue: shape(hook),
      newValue: shape({ ...hook, ...set }),
    });
  });
}

/** POST …/webhook/:id/delete: the hook and its delivery log go (the trail keeps what it was). */
export async function deleteHook(deps: Deps, owner: HookOwner, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await recordTrail(tx, owner.actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook',
      objectId: id,
      oldValue: shape(hook),
      newValue: null,
    });
  });
}

/** POST …/webhook/:id/rotate: a new secret, answered once; deliveries from now on are signed with it. */
export async function rotateSecret(deps: Deps, owner: HookOwner, id: number) {
  const secret = SECRET_PREFIX + randomToken();
  return deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    await tx.update(webhooks).set({ secret, updatedAt: new Date() }).where(eq(webhooks.id, id));
    await recordTrail(tx, owner.actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook',
      objectId: id,
      oldValue: shape(hook),
      newValue: { ...shape(hook), secretRotated: true },
    });
    return { id, secret };
  });
}

/**
 * POST …/webhook/:id/resume: a paused hook sends again. Its failure count starts over, and its waiting deliveries
 * are due now, so the next round sends them rather than after the backoff they had reached.
 */
export async function resumeHook(deps: Deps, owner: HookOwner, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    if (!hook.pausedAt) return;
    await tx
      .update(webhooks)
      .set({ pausedAt: null, consecutiveFailures: 0, updatedAt: new Date() })
      .where(eq(webhooks.id, id));
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.state, 'pending')));
    await recordTrail(tx, owner.actor, {
      type: TrailType.SettingsChange,
      objectType: 'webhook',
      objectId: id,
      oldValue: shape(hook),
      newValue: shape({ ...hook, pausedAt: null }),
    });
  });
}

/**
 * A delivery an administrator asks for (the test event, or a re-send): a new row, due now, that the next round
 * sends (every 15 s) — the same path as every other delivery, so the log shows it the same way.
 */
async function queueByHand(
  tx: Tx,
  owner: HookOwner,
  hook: Hook,
  what: Pick<Delivery, 'eventId' | 'event' | 'payload'>,
  resentFrom: number | null,
): Promise<{ deliveryId: number }> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ webhookId: hook.id, eventId: what.eventId, event: what.event, payload: what.payload })
    .returning({ id: webhookDeliveries.id });
  await recordTrail(tx, owner.actor, {
    type: TrailType.SettingsChange,
    objectType: 'webhook_delivery',
    objectId: row.id,
    oldValue: null,
    newValue: { webhookId: hook.id, event: what.event, eventId: what.eventId, resentFrom },
  });
  return { deliveryId: row.id };
}

/** POST …/webhook/:id/test: a `ping` event to this hook only. */
export async function sendTest(deps: Deps, owner: HookOwner, id: number) {
  return deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    const payload: WebhookPayload = {
      id: randomUUID(),
      event: 'ping',
      occurredAt: new Date().toISOString(),
      company: { id: hook.companyId },
      project: hook.projectId === null ? null : { id: hook.projectId },
      object: { type: 'webhook', id: String(hook.id) },
      actor: { id: owner.actor.actorId, name: owner.actor.actorName },
    };
    return queueByHand(tx, owner, hook, { eventId: payload.id, event: 'ping', payload }, null);
  });
}

/** POST …/webhook/:id/resend: the same event (same id, so a receiver can drop a duplicate) as a new delivery. */
export async function resend(deps: Deps, owner: HookOwner, id: number, deliveryId: number) {
  return deps.db.transaction(async (tx) => {
    const hook = await ownedHook(tx, owner, id);
    const [source] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, hook.id)));
    if (!source) fail('webhook_delivery_not_found', { field: 'deliveryId' });
    return queueByHand(tx, owner, hook, source, source.id);
  });
}
