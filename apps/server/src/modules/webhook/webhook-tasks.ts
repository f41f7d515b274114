import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '@edoc/contract/webhook';
import { TaskState } from '@edoc/contract/states';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queueEvent, type TrailRow } from './webhook-queue.ts';

/**
 * task.created (issue 29 part 5). Tasks have no trail rows of their own: they are opened in the transaction of the
 * workflow step that causes them, which writes its document's trail row. So a document's trail row brings the open
 * tasks of that document written by the same transaction (same xmin) — exactly the tasks that step opened. A step
 * writing two rows finds them twice: `announced` keeps one round from sending a task twice.
 */
export async function queueNewTasks(
  tx: Tx,
  row: TrailRow & { company_id: number; project_id: number | null },
  announced: Set<number>,
): Promise<void> {
  const found = await tx.execute<{
    id: number;
    kind: string;
    user_id: number;
    user_name: string | null;
    due_date: string | null;
    document_name: string;
  }>(sql`
    SELECT t.id, t.kind, t.user_id, u.name AS user_name, t.due_date::text AS due_date, d.name AS document_name
    FROM tasks t JOIN documents d ON d.id = t.document_id LEFT JOIN users u ON u.id = t.user_id
    WHERE t.document_id = ${Number(row.object_id)} AND t.state = ${TaskState.Open} AND t.xmin = ${row.xmin}::xid`);
  for (const t of found.rows) {
    if (announced.has(t.id)) continue;
    announced.add(t.id);
    const payload: WebhookPayload = {
      id: randomUUID(),
      event: 'task.created',
      occurredAt: new Date(row.at).toISOString(),
      company: { id: row.company_id },
      project: row.project_id === null ? null : { id: row.project_id },
      object: {
        type: 'task',
        id: String(t.id),
        kind: t.kind,
        assignee: { id: t.user_id, name: t.user_name },
        dueDate: t.due_date,
        document: { id: Number(row.object_id), name: t.document_name },
      },
      actor: { id: row.actor_id, name: row.actor_name },
    };
    await queueEvent(tx, { event: 'task.created', companyId: row.company_id, projectId: row.project_id, payload });
  }
}
