import type { WebhookEvent, WebhookPayload } from '@edoc/contract/webhook';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** A trail row as the event round reads it (webhook-events.ts). */
export type TrailRow = {
  id: number;
  /** The writing transaction's id, so rows written with it (a transition's tasks) can be found. */
  xmin: string;
  at: Date;
  actor_id: number | null;
  actor_name: string | null;
  company_id: number | null;
  project_id: number | null;
  object_type: string;
  object_id: string | null;
  type: number;
  old_value: Record<string, unknown> | null;
  new_value: Record<string, unknown> | null;
};

/**
 * Queues one event for every enabled, unpaused hook of the company (or of its project) that asked for it; a company
 * hook limited to some projects hears only theirs. `onlyHookId` (a test event, a re-send) names the one hook.
 */
export async function queueEvent(
  tx: Tx,
  e: { event: WebhookEvent; companyId: number; projectId: number | null; payload: WebhookPayload; onlyHookId?: number },
): Promise<number> {
  const only = e.onlyHookId ?? null;
  const r = await tx.execute(sql`
    INSERT INTO webhook_deliveries (webhook_id, event_id, event, payload)
    SELECT w.id, ${e.payload.id}, ${e.event}, ${JSON.stringify(e.payload)}::jsonb FROM webhooks w
    WHERE w.company_id = ${e.companyId} AND w.enabled AND w.paused_at IS NULL
      AND (w.id = ${only}::int
           OR ${only}::int IS NULL AND (w.project_id = ${e.projectId}
             OR w.project_id IS NULL AND (w.project_ids IS NULL OR w.project_ids @> to_jsonb(${e.projectId}::int))))
      AND (${e.event} = 'ping' OR w.events ? ${e.event})`);
  return r.rowCount ?? 0;
}
