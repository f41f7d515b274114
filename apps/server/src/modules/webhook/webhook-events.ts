import { randomUUID } from 'node:crypto';
import { TrailType } from '@edoc/contract/enums';
import type { WebhookEvent, WebhookPayload } from '@edoc/contract/webhook';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Events from the trail (issue 29 part 5). Every change writes its trail row in its own transaction, and trail ids
 * are taken under the chain lock held to commit (trail.service.ts recordTrail), so rows become visible in id order:
 * a cursor kept in system_settings never skips one. Each round maps the rows after the cursor to events and inserts
 * the deliveries for matching hooks in the same transaction as the cursor's move, so an event is queued exactly once.
 */
export const CURSOR_KEY = 'webhooks.trailCursor';
const BATCH = 500;

type TrailRow = {
  id: number;
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

/** Which event a trail row is, if any. A row may change a document's status without being one of the named events. */
export function eventOf(row: TrailRow): WebhookEvent | null {
  if (row.object_type === 'document') {
    if (row.type === TrailType.Create) return 'document.created';
    if (row.type === TrailType.Sign) return 'document.signed';
    if (row.type === TrailType.Publish) return 'document.archived';
    const before = row.old_value?.docStatus;
    const after = row.new_value?.docStatus;
    if (after !== undefined && before !== undefined && before !== after) return 'document.status_changed';
  }
  if (row.object_type === 'task' && row.type === TrailType.Create) return 'task.created';
  if (row.object_type === 'exchange_import' && row.type === TrailType.Update) {
    const step = row.new_value?.state ?? row.new_value?.step;
    if (step === 'filed' || step === 'finished' || step === 'failed') return 'exchange_import.finished';
  }
  return null;
}

/** The fields a receiver needs about a document, read as it is now (no file contents). */
async function documentObject(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const r = await tx.execute<Record<string, unknown>>(sql`
    SELECT d.name, d.file_code AS "number", d.status, a.number AS artifact, s.name AS site
    FROM documents d LEFT JOIN tmf_artifacts a ON a.id = d.artifact_id LEFT JOIN sites s ON s.id = d.site_id
    WHERE d.id = ${Number(id)}`);
  return r.rows[0] ?? {};
}

/** Queues one event for every enabled, unpaused hook of the company (or of its project) that asked for it. */
export async function queueEvent(
  tx: Tx,
  e: { event: WebhookEvent; companyId: number; projectId: number | null; payload: WebhookPayload; onlyHookId?: number },
): Promise<number> {
  const r = await tx.execute(sql`
    INSERT INTO webhook_deliveries (webhook_id, event_id, event, payload)
    SELECT w.id, ${e.payload.id}, ${e.event}, ${JSON.stringify(e.payload)}::jsonb FROM webhooks w
    WHERE w.company_id = ${e.companyId} AND w.enabled AND w.paused_at IS NULL
      AND (w.project_id IS NULL OR w.project_id = ${e.projectId})
      AND (${e.onlyHookId ?? null}::int IS NULL OR w.id = ${e.onlyHookId ?? null}::int)
      AND (${e.event} = 'ping' OR w.events ? ${e.event})`);
  return r.rowCount ?? 0;
}

/** One round: the trail rows after the cursor become deliveries. Answers how many rows it read. */
export async function queueTrailEvents(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // The lock on the cursor row keeps two workers' rounds from reading the same rows.
    const cur = await tx.execute<{ value: number }>(
      sql`SELECT value FROM system_settings WHERE key = ${CURSOR_KEY} FOR UPDATE`,
    );
    if (!cur.rows[0]) {
      // First round: start from now, not from the trail's history.
      await tx.execute(sql`INSERT INTO system_settings (key, value)
        SELECT ${CURSOR_KEY}, to_jsonb(coalesce(max(id), 0)) FROM trail ON CONFLICT (key) DO NOTHING`);
      return 0;
    }
    const rows = await tx.execute<TrailRow>(sql`
      SELECT id::int AS id, at, actor_id, actor_name, company_id, project_id, object_type, object_id, type,
             old_value, new_value
      FROM trail WHERE id > ${Number(cur.rows[0].value)} ORDER BY id LIMIT ${BATCH}`);
    if (rows.rows.length === 0) return 0;
    const hooked = await tx.execute<{ company_id: number }>(
      sql`SELECT DISTINCT company_id FROM webhooks WHERE enabled`,
    );
    const companies = new Set(hooked.rows.map((h) => h.company_id));
    for (const row of rows.rows) {
      const event = eventOf(row);
      if (!event || row.company_id === null || !companies.has(row.company_id) || row.object_id === null) continue;
      const details = row.object_type === 'document' ? await documentObject(tx, row.object_id) : {};
      const payload: WebhookPayload = {
        id: randomUUID(),
        event,
        occurredAt: new Date(row.at).toISOString(),
        company: { id: row.company_id },
        project: row.project_id === null ? null : { id: row.project_id },
        object: { type: row.object_type, id: row.object_id, ...details },
        actor: { id: row.actor_id, name: row.actor_name },
      };
      await queueEvent(tx, { event, companyId: row.company_id, projectId: row.project_id, payload });
    }
    const last = rows.rows[rows.rows.length - 1].id;
    await tx.execute(sql`UPDATE system_settings SET value = to_jsonb(${last}::bigint), updated_at = now()
      WHERE key = ${CURSOR_KEY}`);
    return rows.rows.length;
  });
}
