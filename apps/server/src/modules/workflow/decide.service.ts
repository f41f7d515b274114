import { DocStatus } from '@edoc/contract/enums';
import type { DecideBody } from '@edoc/contract/workflow-requests';
import { Decision, RouteState, StageState, TaskState } from '@edoc/contract/states';
import { STAGE_RULES, stageComplete, type Stage } from '@edoc/contract/workflow';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { documentRoutes, routeStages, stageAssignees, tasks } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { closeTasks, openTasks } from '../task/task-rows.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { requireAssigneesMay } from '../../access/assignees.ts';
import { openArchiveTask, openStageTasks } from './send.service.ts';
import { signVersion } from './e-signature.service.ts';
import { closeRoute } from './route-close.ts';
import { factsOf, openStageOf, requireTransition } from '../../access/workflow-state.ts';

/**
 * An assignee's pass or rejection of the open stage (DESIGN §6), under the document's row lock: of two decisions
 * at once the second sees the first's result. A pass that completes the stage opens the next one (or ends the
 * route in 8); a rejection sends the document back to editing with the sender's 'rejected' task.
 */
export async function decide(
  tx: Tx,
  ctx: ProjectContext,
  {
    fileId,
    body,
    signer,
  }: {
    fileId: number;
    body: DecideBody;
    /** The signer, verified before the transaction (verifySigner) when the body carries a signature. */
    signer: { timeZone: string } | null;
  },
) {
  const me = ctx.auth.user.id;
  const { doc, rights } = await lockDocumentFor(tx, ctx, fileId, ['viewDoc']);
  const open = await openStageOf(tx, doc.id);
  const facts = factsOf(me, doc, rights, open);
  // Someone who had this document to decide, and no longer has: another decision or a withdrawal came first.
  if (!facts.isPendingAssignee && (await hadStageTask(tx, doc.id, me))) fail('stale_state');
  requireTransition(doc.status, body.pass ? 'pass' : 'reject', facts);
  // requireTransition passed as a pending assignee, so the open stage exists and is the document's status.
  const { route, stage, assignees } = open!;
  const rule = STAGE_RULES[stage.stage as Stage];
  // The right may have gone since the route was sent: 'revise and resend' rather than a decision without it.
  await requireAssigneesMay(tx, ctx.projectId, { doc, userIds: [me], key: rule.key });
  const mine = assignees.find((a) => a.userId === me)!;
  const [version] = await tx.select().from(documentVersions).where(eq(documentVersions.id, route.versionId));
  if (body.pass && stage.signatureRequired) {
    if (!signer) fail('required', { field: 'password' });
    await signVersion(tx, ctx, { doc, version, stageAssigneeId: mine.id, meaning: rule.meaning, signer });
  }
  await tx
    .update(stageAssignees)
    .set({
      decision: body.pass ? Decision.Passed : Decision.Rejected,
      comment: body.comment ?? null,
      decidedAt: new Date(),
    })
    .where(eq(stageAssignees.id, mine.id));
  await closeTasks(
    tx,
    doc.id,
    { stageAssigneeIds: [mine.id] },
    { state: TaskState.Done, outcome: body.pass ? 'pass' : 'reject' },
  );

  const others = assignees.filter((a) => a.id !== mine.id).map((a) => a.id);
  const passed = assignees.filter((a) => a.id === mine.id || a.decision === Decision.Passed).length;
  const stageDone = !body.pass || stageComplete(stage.allMustAct, assignees.length, passed);
  let to: number = doc.status;
  if (stageDone) {
    await tx
      .update(routeStages)
      .set({ state: body.pass ? StageState.Passed : StageState.Rejected, closedAt: new Date() })
      .where(eq(routeStages.id, stage.id));
    // The others of the stage have nothing left to do: their tasks are cancelled, and those who had not acted (or
    // had taken their pass back) read as "not needed" in the flow, not as still pending.
    await closeTasks(tx, doc.id, { stageAssigneeIds: others }, { state: TaskState.Cancelled, outcome: null });
    await tx
      .update(stageAssignees)
      .set({ decision: Decision.NotNeeded })
      .where(
        and(
          eq(stageAssignees.stageId, stage.id),
          inArray(stageAssignees.decision, [Decision.Pending, Decision.Retracted]),
        ),
      );
    to = body.pass ? await openNextStage(tx, ctx.projectId, doc.id, route, stage.stage) : DocStatus.Editing;
    if (!body.pass) {
      await closeRoute(tx, route.id, RouteState.Rejected);
      await openTasks(tx, [
        { projectId: ctx.projectId, documentId: doc.id, userId: route.senderId, kind: 'rejected', senderId: me },
      ]);
    }
    if (to !== doc.status)
      await tx.update(documents).set({ status: to, updatedAt: new Date() }).where(eq(documents.id, doc.id));
  }
  await recordTrail(tx, ctx.actor, {
    type: rule.trail,
    objectType: 'document',
    objectId: doc.id,
    version: version.versionNo,
    reason: body.pass ? null : (body.comment ?? null),
    oldValue: { docStatus: doc.status, routeId: route.id, stage: stage.stage },
    newValue: {
      docStatus: to,
      routeId: route.id,
      stage: stage.stage,
      decision: body.pass ? 'pass' : 'reject',
      comment: body.comment ?? null,
      stagePassed: body.pass && stageDone,
    },
  });
  return { fileId: doc.id, status: to };
}

/** Opens the route's next stage (its tasks too) and answers its status, or ends the route in 8. */
async function openNextStage(
  tx: Tx,
  projectId: number,
  documentId: number,
  route: typeof documentRoutes.$inferSelect,
  after: number,
): Promise<number> {
  const [next] = await tx
    .select()
    .from(routeStages)
    .where(and(eq(routeStages.routeId, route.id), gt(routeStages.stage, after)))
    .orderBy(asc(routeStages.stage))
    .limit(1);
  if (!next) {
    await closeRoute(tx, route.id, RouteState.Done);
    await openArchiveTask(tx, { projectId, documentId, senderId: route.senderId });
    return DocStatus.Processed;
  }
  await tx.update(routeStages).set({ state: StageState.Open, openedAt: new Date() }).where(eq(routeStages.id, next.id));
  const assignees = await tx.select().from(stageAssignees).where(eq(stageAssignees.stageId, next.id));
  await openStageTasks(tx, { projectId, documentId, senderId: route.senderId, stage: next, assignees });
  return next.stage;
}

async function hadStageTask(tx: Tx, documentId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.documentId, documentId), eq(tasks.userId, userId), isNotNull(tasks.stageAssigneeId)))
    .limit(1);
  return row !== undefined;
}
