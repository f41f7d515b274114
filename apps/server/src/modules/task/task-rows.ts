import { TaskState, type ClosedTaskState } from '@edoc/contract/states';
import type { TaskKind } from '@edoc/contract/workflow';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tasks } from '../../db/schema/workflow.ts';

export interface NewTask {
  projectId: number;
  documentId: number;
  userId: number;
  kind: TaskKind;
  senderId?: number | null;
  stageAssigneeId?: number | null;
  dueDate?: string | null;
}

export async function openTasks(tx: Tx, rows: NewTask[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tasks).values(rows);
}

/**
 * Closes the open tasks of a document that match: done with the person's outcome, or cancelled when the work
 * went away (a rejection elsewhere in the stage, a withdrawal).
 */
export async function closeTasks(
  tx: Tx,
  documentId: number,
  match: { userId?: number; kinds?: readonly TaskKind[]; stageAssigneeIds?: number[] },
  how: { state: ClosedTaskState; outcome: string | null },
): Promise<void> {
  const where: (SQL | undefined)[] = [eq(tasks.documentId, documentId), eq(tasks.state, TaskState.Open)];
  if (match.userId !== undefined) where.push(eq(tasks.userId, match.userId));
  if (match.kinds) where.push(inArray(tasks.kind, [...match.kinds]));
  if (match.stageAssigneeIds) {
    if (match.stageAssigneeIds.length === 0) return;
    where.push(inArray(tasks.stageAssigneeId, match.stageAssigneeIds));
  }
  await tx
    .update(tasks)
    .set({ state: how.state, outcome: how.outcome, doneAt: new Date() })
    .where(and(...where));
}
