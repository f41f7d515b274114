import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qualityIssues } from '../../db/schema/quality.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';

/**
 * A removed member's open issues on a document go with their 'qualityIssue' task to the project administrator who
 * takes over their work (member-tasks.ts handOverTasks, SPEC §6), so the task's holder is the one who may resolve:
 * each is a reassignment in the document's trail. Their tasks themselves are moved by handOverTasks.
 */
export async function handOverIssues(
  tx: Tx,
  {
    projectId,
    documentId,
    from,
    to,
    actor,
  }: {
    projectId: number;
    documentId: number;
    from: number;
    to: number;
    actor: TrailActor;
  },
): Promise<void> {
  const moved = await tx
    .update(qualityIssues)
    .set({ assigneeId: to, updatedAt: new Date() })
    .where(
      and(
        eq(qualityIssues.documentId, documentId),
        eq(qualityIssues.assigneeId, from),
        eq(qualityIssues.state, 'open'),
      ),
    )
    .returning();
  for (const issue of moved)
    await recordTrail(
      tx,
      { ...actor, projectId },
      {
        type: TrailType.Update,
        objectType: 'document',
        objectId: documentId,
        reason: 'assignee removed from the project',
        oldValue: { qualityIssue: issue.id, issueState: issue.state, assigneeId: from },
        newValue: {
          qualityIssue: issue.id,
          issueStep: 'reassign',
          issueCategory: issue.category,
          issueState: issue.state,
          assigneeId: to,
        },
      },
    );
}
