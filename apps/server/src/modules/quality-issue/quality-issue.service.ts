import { TrailType } from '@edoc/contract/enums';
import {
  QUALITY_ISSUE_TRANSITIONS,
  type QualityIssueAction,
  type QualityIssueCreateBody,
} from '@edoc/contract/quality-issue';
import { TaskState } from '@edoc/contract/states';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentVersions } from '../../db/schema/documents.ts';
import { qualityIssues } from '../../db/schema/quality.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { closeIssueTask, openIssueTask } from './quality-issue-tasks.ts';
import {
  loadIssueFor,
  mayRaise,
  readableDocument,
  requireAssignee,
  requireStep,
  type IssueRow,
} from './quality-issue.policy.ts';

/*
 * Issue 27 part 5: raising a quality issue and each step of its life (quality-issue.policy.ts says who may). Each
 * change, its Home tasks and its trail row on the document are one transaction under the document's row lock.
 */

/** The version the body names by its label (V1.0), a live one of the document; else 400 naming versionNo. */
async function versionIdOf(tx: Tx, documentId: number, versionNo: string): Promise<number> {
  const [v] = await tx
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.versionNo, versionNo),
        isNull(documentVersions.deletedAt),
      ),
    )
    .orderBy(desc(documentVersions.id))
    .limit(1);
  if (!v) fail('quality_issue_version', { field: 'versionNo' });
  return v.id;
}

/** POST /quality-issue/create: QC rights on the document's folder; the assignee gets a task. */
export async function raiseIssue(deps: Deps, ctx: ProjectContext, body: QualityIssueCreateBody): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const { doc, rights } = await readableDocument(tx, ctx, body.documentId, { lock: true });
    if (ctx.readOnly || !mayRaise(rights)) fail('forbidden');
    await requireAssignee(tx, ctx.projectId, doc, body.assigneeId);
    // The column holds the version's row (its label can repeat across a document's history); the API speaks labels.
    const versionId = body.versionNo === undefined ? null : await versionIdOf(tx, doc.id, body.versionNo);
    const me = ctx.auth.user.id;
    const [issue] = await tx
      .insert(qualityIssues)
      .values({
        projectId: ctx.projectId,
        documentId: doc.id,
        versionNo: versionId,
        page: body.page ?? null,
        category: body.category,
        comment: body.comment,
        raisedBy: me,
        assigneeId: body.assigneeId,
      })
      .returning();
    await openIssueTask(tx, {
      projectId: ctx.projectId,
      documentId: doc.id,
      userId: body.assigneeId,
      kind: 'qualityIssue',
      senderId: me,
    });
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      version: body.versionNo ?? null,
      oldValue: null,
      newValue: {
        qualityIssue: issue.id,
        issueStep: 'raise',
        issueCategory: issue.category,
        issueState: issue.state,
        assigneeId: issue.assigneeId,
        versionNo: body.versionNo ?? null,
        page: issue.page,
        comment: issue.comment,
      },
    });
    return issue.id;
  });
}

/** One step after raising, with the text or the member it takes. */
export type IssueStep =
  | { action: 'resolve'; resolution: string }
  | { action: 'verify' }
  | { action: 'reopen'; comment: string }
  | { action: 'waive'; reason: string }
  | { action: 'reassign'; assigneeId: number };

/** What a step writes on the row, and the text the trail keeps of it. */
function changeOf(step: IssueStep, me: number, now: Date) {
  switch (step.action) {
    case 'resolve':
      return {
        set: { resolution: step.resolution, resolvedBy: me, resolvedAt: now },
        text: { resolution: step.resolution },
      };
    case 'verify':
      return { set: { verifiedBy: me, verifiedAt: now }, text: {} };
    case 'reopen':
      // The fix was not enough: no longer resolved; the resolution stays as the last attempt, the trail has both.
      return { set: { resolvedBy: null, resolvedAt: null }, text: { comment: step.comment } };
    case 'waive':
      return { set: { waivedBy: me, waivedAt: now, waiveReason: step.reason }, text: { reason: step.reason } };
    case 'reassign':
      return { set: { assigneeId: step.assigneeId }, text: {} };
  }
}

/** The Home tasks a step closes and opens (quality-issue-tasks.ts). */
async function moveTasks(tx: Tx, step: IssueStep, before: IssueRow, after: IssueRow, me: number) {
  const documentId = before.documentId;
  const toResolve = (userId: number) => ({ documentId, userId, kind: 'qualityIssue' as const });
  const toVerify = { documentId, userId: before.raisedBy, kind: 'qualityVerify' as const };
  const done = { state: TaskState.Done, outcome: step.action };
  const cancelled = { state: TaskState.Cancelled, outcome: step.action };
  const open = (userId: number, kind: 'qualityIssue' | 'qualityVerify') =>
    openIssueTask(tx, { projectId: before.projectId, documentId, userId, kind, senderId: me });
  switch (step.action) {
    case 'resolve':
      await closeIssueTask(tx, toResolve(before.assigneeId), done);
      return open(before.raisedBy, 'qualityVerify');
    case 'verify':
      return closeIssueTask(tx, toVerify, done);
    case 'reopen':
      await closeIssueTask(tx, toVerify, done);
      return open(after.assigneeId, 'qualityIssue');
    case 'waive':
      return before.state === 'open'
        ? closeIssueTask(tx, toResolve(before.assigneeId), cancelled)
        : closeIssueTask(tx, toVerify, cancelled);
    case 'reassign':
      await closeIssueTask(tx, toResolve(before.assigneeId), cancelled);
      return open(after.assigneeId, 'qualityIssue');
  }
}

/**
 * POST /quality-issue/<step>/:id: an issue the caller may read (else 404), their step (else 403) from a state the
 * table allows (else 409 quality_issue_state). A reassignment to the same person changes and writes nothing.
 */
export async function takeStep(deps: Deps, ctx: ProjectContext, id: number, step: IssueStep): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { doc, issue } = await loadIssueFor(tx, ctx, id);
    requireStep(step.action, issue, ctx);
    if (step.action === 'reassign') {
      await requireAssignee(tx, ctx.projectId, doc, step.assigneeId);
      if (step.assigneeId === issue.assigneeId) return;
    }
    const now = new Date();
    const me = ctx.auth.user.id;
    const { set, text } = changeOf(step, me, now);
    const to = QUALITY_ISSUE_TRANSITIONS[step.action as QualityIssueAction].to;
    const [after] = await tx
      .update(qualityIssues)
      .set({ ...set, state: to, updatedAt: now })
      .where(eq(qualityIssues.id, issue.id))
      .returning();
    await moveTasks(tx, step, issue, after, me);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { qualityIssue: issue.id, issueState: issue.state, assigneeId: issue.assigneeId },
      newValue: {
        qualityIssue: issue.id,
        issueStep: step.action,
        issueCategory: after.category,
        issueState: after.state,
        assigneeId: after.assigneeId,
        ...text,
      },
    });
  });
}
