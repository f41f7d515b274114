import { TaskState, type ClosedTaskState } from '@edoc/contract/states';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { openTasks } from '../task/task-rows.ts';

/*
 * An issue's Home tasks (issue 27 part 5): the assignee holds a 'qualityIssue' task while it is open, the raiser a
 * 'qualityVerify' task while it is resolved. A task row names its document, not the issue: two issues of one person
 * on one document are two alike rows, so a step closes one of them (the oldest) and the count stays right. Opened and
 * closed in the step's transaction, so the task mail (task-mail.ts) announces a new one as it does the workflow's.
 */

type IssueTaskKind = 'qualityIssue' | 'qualityVerify';

export async function openIssueTask(
  tx: Tx,
  row: { projectId: number; documentId: number; userId: number; kind: IssueTaskKind; senderId: number },
): Promise<void> {
  await openTasks(tx, [row]);
}

/** Closes one open task of the kind of this person on the document: done with the step, or cancelled. */
export async function closeIssueTask(
  tx: Tx,
  match: { documentId: number; userId: number; kind: IssueTaskKind },
  how: { state: ClosedTaskState; outcome: string },
): Promise<void> {
  const [task] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.documentId, match.documentId),
        eq(tasks.userId, match.userId),
        eq(tasks.kind, match.kind),
        eq(tasks.state, TaskState.Open),
      ),
    )
    .orderBy(asc(tasks.id))
    .limit(1)
    .for('update');
  if (!task) return;
  await tx
    .update(tasks)
    .set({ state: how.state, outcome: how.outcome, doneAt: new Date() })
    .where(eq(tasks.id, task.id));
}
