import { randomUUID } from 'node:crypto';
import { TrailType } from '@edoc/contract/enums';
import type { WebhookEvent, WebhookPayload } from '@edoc/contract/webhook';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queueEvent, type TrailRow } from './webhook-queue.ts';
import { queueNewTasks } from './webhook-tasks.ts';

export { queueEvent };

/**
 * Events from the trail (issue 29 part 5). Every change writes its trail row in its own transaction, and trail ids
 * are taken under the chain lock held to commit (trail.service.ts recordTrail), so rows become visible in id order:
 * a cursor kept in system_settings never skips one. Each round maps the rows after the cursor to events and inserts
 * the deliveries for matching hooks in the same transaction as the cursor's move, so an event is queued exactly once.
 */
export const CURSOR_KEY = 'webhooks.trailCursor';
const BATCH = 500;

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
  if (row.object_type === 'exchange_import' && row.type === TrailType.Update) {
    // An import's end (ems-import-file.ts, the bulk import's filing): done or failed; a cancel is not a finish.
    const state = row.new_value?.state;
    if (state === 'done' || state === 'failed') return 'exchange_import.finished';
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

async function companyOf(tx: Tx, projectId: number): Promise<number | null> {
  const r = await tx.execute<{ company_id: number }>(sql`SELECT company_id FROM projects WHERE id = ${projectId}`);
  return r.rows[0]?.company_id ?? null;
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
      SELECT id::int AS id, xmin::text AS xmin, at, actor_id, actor_name, company_id, project_id, object_type, object_id, type,
             old_value, new_value
      FROM trail WHERE id > ${Number(cur.rows[0].value)} ORDER BY id LIMIT ${BATCH}`);
    if (rows.rows.length === 0) return 0;
    const hooked = await tx.execute<{ company_id: number }>(
      sql`SELECT DISTINCT company_id FROM webhooks WHERE enabled`,
    );
    const companies = new Set(hooked.rows.map((h) => h.company_id));
    const announced = new Set<number>();
    for (const row of rows.rows) {
      const event = eventOf(row);
      // Tasks are not trailed: the transition that opens them writes its document's row (webhook-tasks.ts).
      const opensTasks = row.object_type === 'document' && row.project_id !== null;
      if ((!event && !opensTasks) || row.object_id === null) continue;
      // A worker's row (an import's filing) names its project but not always the company.
      if (row.company_id === null && row.project_id !== null) row.company_id = await companyOf(tx, row.project_id);
      if (row.company_id === null || !companies.has(row.company_id)) continue;
      if (opensTasks) await queueNewTasks(tx, { ...row, company_id: row.company_id }, announced);
      if (!event) continue;
      const details =
        row.object_type === 'document'
          ? await documentObject(tx, row.object_id)
          : row.object_type === 'exchange_import'
            ? { ...row.new_value }
            : {};
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
