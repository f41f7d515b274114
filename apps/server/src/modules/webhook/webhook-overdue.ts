import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookPayload } from '@edoc/contract/webhook';
import { TaskState } from '@edoc/contract/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queueEvent } from './webhook-queue.ts';

/**
 * The overdue events (issue 29 part 5): nothing is written when a day passes, so these do not come from the trail.
 * A task or an expected document becomes overdue on the day after its due date; each round looks at the due dates
 * from the last day it swept (kept in system_settings) up to yesterday, so each thing is announced once, the day it
 * falls overdue (or at the first round after a stop). A due date later moved past the sweep is announced again when
 * it passes; one moved back before it is not. The first round starts from today, not from the history.
 */
export const OVERDUE_CURSOR_KEY = 'webhooks.overdueSweptTo';

type Found = {
  id: number;
  company_id: number;
  project_id: number;
  due_date: string;
  details: Record<string, unknown>;
};

/** One round. `today` is the database's date unless a test names one (yyyy-mm-dd). Answers how many it found. */
export async function queueOverdueEvents(db: Db, today?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const day = sql`coalesce(${today ?? null}::date, current_date)`;
    // The lock on the cursor row keeps two workers' rounds from announcing the same day twice.
    const cur = await tx.execute<{ value: string; swept: boolean }>(
      sql`SELECT value #>> '{}' AS value, (value #>> '{}')::date >= ${day} AS swept
        FROM system_settings WHERE key = ${OVERDUE_CURSOR_KEY} FOR UPDATE`,
    );
    if (!cur.rows[0]) {
      await tx.execute(sql`INSERT INTO system_settings (key, value) VALUES (${OVERDUE_CURSOR_KEY}, to_jsonb(${day}::text))
        ON CONFLICT (key) DO NOTHING`);
      return 0;
    }
    // Today is swept already: the rounds of the rest of the day read nothing.
    if (cur.rows[0].swept) return 0;
    const from = cur.rows[0].value;
    const range = (column: string) => sql`${sql.raw(column)} >= ${from}::date AND ${sql.raw(column)} < ${day}`;
    // Only companies with a hook that asked: the common case (no hooks) reads nothing more.
    const hooked = sql`p.company_id IN (SELECT company_id FROM webhooks WHERE enabled AND paused_at IS NULL)`;
    const taskRows = await tx.execute<Found>(sql`
      SELECT t.id, p.company_id, t.project_id, t.due_date::text AS due_date,
             jsonb_build_object('kind', t.kind, 'assigneeId', t.user_id, 'documentId', t.document_id,
                                'documentName', d.name) AS details
      FROM tasks t JOIN projects p ON p.id = t.project_id JOIN documents d ON d.id = t.document_id
      WHERE t.state = ${TaskState.Open} AND ${range('t.due_date')} AND ${hooked}`);
    const expectedRows = await tx.execute<Found>(sql`
      SELECT e.id, p.company_id, e.project_id, e.due_date::text AS due_date,
             jsonb_build_object('level', e.level, 'artifact', a.number, 'artifactName', a.name_en,
                                'countryId', e.country_id, 'siteId', e.site_id, 'site', s.name) AS details
      FROM expected_items e JOIN projects p ON p.id = e.project_id JOIN tmf_artifacts a ON a.id = e.artifact_id
      LEFT JOIN sites s ON s.id = e.site_id
      WHERE e.state = 'expected' AND ${range('e.due_date')} AND ${hooked}`);
    const found: Array<[WebhookEvent, string, Found]> = [
      ...taskRows.rows.map((r) => ['task.overdue', 'task', r] as [WebhookEvent, string, Found]),
      ...expectedRows.rows.map((r) => ['expected.overdue', 'expected_item', r] as [WebhookEvent, string, Found]),
    ];
    const occurredAt = new Date().toISOString();
    for (const [event, type, r] of found) {
      const payload: WebhookPayload = {
        id: randomUUID(),
        event,
        occurredAt,
        company: { id: r.company_id },
        project: { id: r.project_id },
        object: { type, id: String(r.id), dueDate: r.due_date, ...r.details },
        actor: null,
      };
      await queueEvent(tx, { event, companyId: r.company_id, projectId: r.project_id, payload });
    }
    await tx.execute(sql`UPDATE system_settings SET value = to_jsonb(${day}::text), updated_at = now()
      WHERE key = ${OVERDUE_CURSOR_KEY} AND ${day} > (value #>> '{}')::date`);
    return found.length;
  });
}
