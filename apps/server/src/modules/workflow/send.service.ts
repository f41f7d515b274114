import { DocStatus, TrailType } from '@edoc/contract/enums';
import type { SendBody } from '@edoc/contract/workflow-requests';
import { RouteState, StageState, TaskState } from '@edoc/contract/states';
import { enabledStages, nextStatus, STAGE_RULES, type Stage } from '@edoc/contract/workflow';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { projects } from '../../db/schema/projects.ts';
import { documentRoutes, routeStages, stageAssignees } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { projectFolders } from '../../access/folder-rights.ts';
import { closeTasks, openTasks } from '../task/task-rows.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { expandAssignees, requireAssigneesMay } from '../../access/assignees.ts';
import { factsOf, openStageOf, requireTransition } from '../../access/workflow-state.ts';
import { requireUnlocked } from '../../access/edit-lock.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/**
 * Sends one document along a route (DESIGN §6 "1 → first enabled stage, else 8"), in the caller's transaction,
 * under the document's row lock: route, stages, assignees, the first stage's tasks, the status and the trail row.
 */
export async function sendDocument(tx: Tx, ctx: ProjectContext, { body, blobs }: { body: SendBody; blobs: BlobStore }) {
  const { doc, rights } = await lockDocumentFor(tx, ctx, body.fileId, ['viewDoc']);
  // What is sent must be what the editor saved: a document being edited is not sent (issue 15).
  await requireUnlocked(tx, blobs, doc.id);
  requireTransition(doc.status, 'send', factsOf(ctx.auth.user.id, doc, rights, await openStageOf(tx, doc.id)));
  const [project] = await tx
    .select({ reviewOpen: projects.reviewOpen, qcOpen: projects.qcOpen, approveOpen: projects.approveOpen })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  // The route names exactly the stages the project enables, in their order.
  const enabled = enabledStages(project);
  const given = body.stages.map((s) => s.stage).sort((a, b) => a - b);
  if (given.length !== enabled.length || given.some((s, i) => s !== enabled[i]))
    fail('invalid_value', { field: 'stages' });
  const [version] = await tx
    .select({ id: documentVersions.id, versionNo: documentVersions.versionNo })
    .from(documentVersions)
    .where(eq(documentVersions.id, doc.currentVersionId ?? 0));
  if (!version) fail('not_found');

  const folders = await projectFolders(tx, ctx.projectId, 0);
  const stages = [...body.stages].sort((a, b) => a.stage - b.stage);
  const people: number[][] = [];
  for (const s of stages) {
    const ids = await expandAssignees(tx, ctx.projectId, s);
    await requireAssigneesMay(tx, ctx.projectId, { doc, userIds: ids, key: STAGE_RULES[s.stage].key, folders });
    people.push(ids);
  }

  const to = nextStatus(null, enabled);
  const [route] = await tx
    .insert(documentRoutes)
    .values({
      projectId: ctx.projectId,
      documentId: doc.id,
      versionId: version.id,
      senderId: ctx.auth.user.id,
      state: to === DocStatus.Processed ? RouteState.Done : RouteState.Open,
      closedAt: to === DocStatus.Processed ? new Date() : null,
    })
    .returning();
  const origin = { projectId: ctx.projectId, documentId: doc.id, senderId: route.senderId };
  for (const [i, s] of stages.entries()) {
    const first = s.stage === to;
    const [stage] = await tx
      .insert(routeStages)
      .values({
        routeId: route.id,
        stage: s.stage,
        allMustAct: s.allMustAct,
        signatureRequired: s.signatureRequired,
        dueDate: s.dueDate ?? null,
        state: first ? StageState.Open : null,
        openedAt: first ? new Date() : null,
      })
      .returning();
    const rows = await tx
      .insert(stageAssignees)
      .values(people[i].map((userId) => ({ stageId: stage.id, userId })))
      .returning();
    if (first) await openStageTasks(tx, { ...origin, stage, assignees: rows });
  }
  await closeTasks(
    tx,
    doc.id,
    { userId: ctx.auth.user.id, kinds: ['edit', 'rejected'] },
    { state: TaskState.Done, outcome: 'send' },
  );
  if (to === DocStatus.Processed) await openArchiveTask(tx, origin);
  await tx.update(documents).set({ status: to, updatedAt: new Date() }).where(eq(documents.id, doc.id));
  await recordTrail(tx, ctx.actor, {
    type: TrailType.SendToReview,
    objectType: 'document',
    objectId: doc.id,
    version: version.versionNo,
    oldValue: { docStatus: doc.status },
    newValue: {
      docStatus: to,
      routeId: route.id,
      versionNo: version.versionNo,
      stages: stages.map((s, i) => ({
        stage: s.stage,
        assigneeIds: people[i],
        allMustAct: s.allMustAct,
        signatureRequired: s.signatureRequired,
        dueDate: s.dueDate ?? null,
      })),
    },
  });
  return { fileId: doc.id, status: to };
}

/** Whose tasks about which document: the route's sender is named on each. */
interface TaskOrigin {
  projectId: number;
  documentId: number;
  senderId: number;
}

/** The tasks of a stage that opens: one per assignee, with the stage's due date. */
export async function openStageTasks(
  tx: Tx,
  {
    projectId,
    documentId,
    senderId,
    stage,
    assignees,
  }: TaskOrigin & {
    stage: { stage: number; dueDate: string | null };
    assignees: Array<{ id: number; userId: number }>;
  },
) {
  await openTasks(
    tx,
    assignees.map((a) => ({
      projectId,
      documentId,
      userId: a.userId,
      kind: STAGE_RULES[stage.stage as Stage].task,
      senderId,
      stageAssigneeId: a.id,
      dueDate: stage.dueDate,
    })),
  );
}

/**
 * A processed document (8) waits to be archived: the task 'waiting to archive' goes to whoever sent it (decided:
 * SPEC §4 names the task state, not its owner); archiving closes it.
 */
export async function openArchiveTask(tx: Tx, { projectId, documentId, senderId }: TaskOrigin) {
  await openTasks(tx, [{ projectId, documentId, userId: senderId, kind: 'archive', senderId }]);
}
