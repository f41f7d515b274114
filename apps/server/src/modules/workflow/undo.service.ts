import { DocStatus, TrailType } from '@edoc/contract/enums';
import { Decision, RouteState, TaskState } from '@edoc/contract/states';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { routeStages, stageAssignees } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { closeTasks, openTasks } from '../task/task-rows.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { openStageTasks } from './send.service.ts';
import { closeRoute } from './route-close.ts';
import { factsOf, openStageOf, requireTransition } from '../../access/workflow-state.ts';

/** 2 → 1: the person the document was created for takes it (DESIGN §6); a second receive is 409 already_received. */
export async function receiveDocument(tx: Tx, ctx: ProjectContext, fileId: number) {
  const me = ctx.auth.user.id;
  const { doc, rights } = await lockDocumentFor(tx, ctx, fileId, ['viewDoc']);
  if (doc.status !== DocStatus.WaitingReceive && doc.assigneeId === me) fail('already_received');
  requireTransition(doc.status, 'receive', factsOf(me, doc, rights, null));
  await tx.update(documents).set({ status: DocStatus.Editing, updatedAt: new Date() }).where(eq(documents.id, doc.id));
  await closeTasks(tx, doc.id, { userId: me, kinds: ['receive'] }, { state: TaskState.Done, outcome: 'receive' });
  await openTasks(tx, [
    { projectId: ctx.projectId, documentId: doc.id, userId: me, kind: 'edit', senderId: doc.createdBy },
  ]);
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Update,
    objectType: 'document',
    objectId: doc.id,
    oldValue: { docStatus: doc.status },
    newValue: { docStatus: DocStatus.Editing, received: true },
  });
  return { fileId: doc.id, status: DocStatus.Editing };
}

/**
 * POST /file/undo/{id}/a: the sender withdraws the route while no assignee has acted (→ 1), or an assignee takes
 * back their own pass while the stage still waits for others (the stage stays; they act again).
 */
export async function undo(tx: Tx, ctx: ProjectContext, fileId: number) {
  const me = ctx.auth.user.id;
  const { doc, rights } = await lockDocumentFor(tx, ctx, fileId, ['viewDoc']);
  const open = await openStageOf(tx, doc.id);
  const facts = factsOf(me, doc, rights, open);
  if (facts.hasStandingPass) {
    requireTransition(doc.status, 'retract', facts);
    const mine = open!.assignees.find((a) => a.userId === me)!;
    await tx
      .update(stageAssignees)
      .set({ decision: Decision.Retracted, decidedAt: new Date() })
      .where(eq(stageAssignees.id, mine.id));
    const origin = { projectId: ctx.projectId, documentId: doc.id, senderId: open!.route.senderId };
    await openStageTasks(tx, { ...origin, stage: open!.stage, assignees: [mine] });
    const step = { docStatus: doc.status, routeId: open!.route.id, stage: open!.stage.stage };
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Revoke,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { ...step, decision: 'pass' },
      newValue: { ...step, decision: 'retract' },
    });
    return { fileId: doc.id, status: doc.status };
  }
  requireTransition(doc.status, 'withdraw', facts);
  const { route, stage } = open!;
  await closeRoute(tx, route.id, RouteState.Withdrawn);
  await tx.update(routeStages).set({ state: null, closedAt: new Date() }).where(eq(routeStages.id, stage.id));
  await closeTasks(tx, doc.id, { kinds: ['review', 'qc', 'approve'] }, { state: TaskState.Cancelled, outcome: null });
  await openTasks(tx, [{ projectId: ctx.projectId, documentId: doc.id, userId: me, kind: 'edit', senderId: me }]);
  await tx.update(documents).set({ status: DocStatus.Editing, updatedAt: new Date() }).where(eq(documents.id, doc.id));
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Withdraw,
    objectType: 'document',
    objectId: doc.id,
    oldValue: { docStatus: doc.status, routeId: route.id, stage: stage.stage },
    newValue: { docStatus: DocStatus.Editing, routeId: route.id },
  });
  return { fileId: doc.id, status: DocStatus.Editing };
}
