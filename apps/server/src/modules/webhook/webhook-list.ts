import type { WebhookDeliveryRow, WebhookRow } from '@edoc/contract/webhook';
import { count, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/identity.ts';
import type { Deps } from '../../lib/deps.ts';
import { ownedHook, type HookOwner } from './webhook.service.ts';

/** What the webhook pages read: the owner's hooks, and a hook's delivery log. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET …/webhook/list: the owner's hooks with their newest delivery. */
export async function listHooks(deps: Deps, owner: Omit<HookOwner, 'actor'>): Promise<WebhookRow[]> {
  const rows = await deps.db.execute<{
    id: number;
    company_id: number;
    project_id: number | null;
    project_ids: number[] | null;
    url: string;
    events: string[];
    enabled: boolean;
    paused_at: Date | null;
    consecutive_failures: number;
    created_at: Date;
    last_state: string | null;
    last_at: Date | null;
    last_status: number | null;
  }>(sql`
    SELECT w.id, w.company_id, w.project_id, w.project_ids, w.url, w.events, w.enabled, w.paused_at, w.consecutive_failures,
           w.created_at, l.state AS last_state, coalesce(l.delivered_at, l.created_at) AS last_at,
           l.response_status AS last_status
    FROM webhooks w
    LEFT JOIN LATERAL (SELECT state, delivered_at, created_at, response_status FROM webhook_deliveries
                       WHERE webhook_id = w.id ORDER BY id DESC LIMIT 1) l ON true
    WHERE w.company_id = ${owner.companyId}
      AND ${owner.projectId === null ? sql`w.project_id IS NULL` : sql`w.project_id = ${owner.projectId}`}
    ORDER BY w.id`);
  const at = (d: Date | string) => new Date(d).toISOString();
  return rows.rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectIds: r.project_ids,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    pausedAt: r.paused_at ? at(r.paused_at) : null,
    consecutiveFailures: r.consecutive_failures,
    createdAt: at(r.created_at),
    lastDelivery:
      r.last_state && r.last_at ? { state: r.last_state, at: at(r.last_at), responseStatus: r.last_status } : null,
  }));
}

/** A list row shows the start of the receiver's answer; the full excerpt stays in the row. */
const LIST_EXCERPT = 500;

/** GET …/webhook/:id/deliveries: newest first, paged. */
export async function deliveriesPage(
  deps: Deps,
  owner: Omit<HookOwner, 'actor'>,
  id: number,
  page: number,
  pageSize: number,
): Promise<{ list: WebhookDeliveryRow[]; total: number }> {
  const hook = await ownedHook(deps.db, owner, id, false);
  const where = eq(webhookDeliveries.webhookId, hook.id);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return {
    total,
    list: rows.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      event: d.event,
      state: d.state as WebhookDeliveryRow['state'],
      attempts: d.attempts,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: iso(d.deliveredAt),
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
      responseStatus: d.responseStatus,
      responseExcerpt: d.responseBody === null ? null : d.responseBody.slice(0, LIST_EXCERPT),
      error: d.error,
      durationMs: d.durationMs,
    })),
  };
}
