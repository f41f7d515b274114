import { DocStatus, TrailType } from '@edoc/contract/enums';
import type { DeleteApplyBody } from '@edoc/contract/library';
import { DeletionState, TaskState } from '@edoc/contract/states';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { deletionApplications, libraryEntries } from '../../db/schema/library.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { nextVersionNo } from '../../access/versions.ts';
import { closeTasks, openTasks } from '../task/task-rows.ts';
import { refileDocuments } from '../expected/expected-filing.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { peopleWhoMay } from '../../access/assignees.ts';
import { requireTransition } from '../../access/workflow-state.ts';
import { currentEntry, libraryFactsOf, libraryRightsOf } from '../../access/library-access.ts';

/** The document under its row lock with its current library entry and the caller's facts for library rows. */
export async function lockArchived(tx: Tx, ctx: ProjectContext, fileId: number, isDeletionApprover = false) {
  const { doc, rights } = await lockDocumentFor(tx, ctx, fileId, ['viewDoc']);
  const entry = await currentEntry(tx, doc.id);
  if (!entry) fail('not_in_this_status');
  const library = await libraryRightsOf(tx, ctx, entry);
  const facts = libraryFactsOf(ctx, { doc, docRights: rights, library, isDeletionApprover });
  return { doc, entry, facts };
}

/**
 * GET /file/recall (recallDoc): 6 → 1. The archived version is copied into a new draft version (same content, the
 * next number) for revision in the workspace; the library entry stays readable until the next archive supersedes it.
 */
export async function recallDocument(tx: Tx, ctx: ProjectContext, fileId: number) {
  const { doc, entry, facts } = await lockArchived(tx, ctx, fileId);
  requireTransition(doc.status, 'recall', facts);
  const [archived] = await tx.select().from(documentVersions).where(eq(documentVersions.id, entry.versionId));
  const [current] = await tx
    .select({ versionNo: documentVersions.versionNo })
    .from(documentVersions)
    .where(eq(documentVersions.id, doc.currentVersionId ?? entry.versionId));
  const { id: _id, createdAt: _at, label: _label, ...content } = archived;
  const [draft] = await tx
    .insert(documentVersions)
    .values({ ...content, versionNo: nextVersionNo(current.versionNo), createdBy: ctx.auth.user.id })
    .returning();
  await tx
    .update(documents)
    .set({ status: DocStatus.Editing, currentVersionId: draft.id, updatedAt: new Date() })
    .where(eq(documents.id, doc.id));
  await openTasks(tx, [
    { projectId: ctx.projectId, documentId: doc.id, userId: ctx.auth.user.id, kind: 'edit', senderId: null },
  ]);
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Update,
    objectType: 'document',
    objectId: doc.id,
    version: draft.versionNo,
    oldValue: { docStatus: doc.status, versionNo: archived.versionNo },
    newValue: { docStatus: DocStatus.Editing, versionNo: draft.versionNo, recalled: true },
  });
  return { fileId: doc.id, status: DocStatus.Editing };
}

/** POST /folder/file/invalid (invalidDoc): mark the current library entry obsolete, or valid again. */
export async function markInvalid(
  tx: Tx,
  ctx: ProjectContext,
  { fileId, invalid }: { fileId: number; invalid: boolean },
) {
  const { doc, entry, facts } = await lockArchived(tx, ctx, fileId);
  if (!facts.keys.has('invalidDoc')) fail('forbidden');
  if (entry.invalid === invalid) fail('no_change');
  await tx.update(libraryEntries).set({ invalid }).where(eq(libraryEntries.id, entry.id));
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Update,
    objectType: 'document',
    objectId: doc.id,
    oldValue: { invalid: entry.invalid, entryId: entry.id },
    newValue: { invalid, entryId: entry.id },
  });
  return { fileId: doc.id, status: doc.status };
}

/**
 * POST /file/delete/apply (deleteDoc): 6 → 9, an application to a named approver, who must be another member able
 * to delete the document (deleteDoc on its folder, seeing its site). The approver gets a task.
 */
export async function applyForDeletion(tx: Tx, ctx: ProjectContext, body: DeleteApplyBody) {
  const { doc, facts } = await lockArchived(tx, ctx, body.fileId);
  requireTransition(doc.status, 'applyDelete', facts);
  const me = ctx.auth.user.id;
  const may = await peopleWhoMay(tx, ctx.projectId, { doc, userIds: [body.approverId], key: 'deleteDoc' });
  if (body.approverId === me || !may.has(body.approverId)) fail('deletion_approver_invalid');
  const [apply] = await tx
    .insert(deletionApplications)
    .values({
      projectId: ctx.projectId,
      documentId: doc.id,
      applicantId: me,
      approverId: body.approverId,
      reason: body.reason,
    })
    .returning();
  await tx
    .update(documents)
    .set({ status: DocStatus.DeletionInApproval, updatedAt: new Date() })
    .where(eq(documents.id, doc.id));
  await openTasks(tx, [
    { projectId: ctx.projectId, documentId: doc.id, userId: body.approverId, kind: 'deleteApproval', senderId: me },
  ]);
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Update,
    objectType: 'document',
    objectId: doc.id,
    reason: body.reason,
    oldValue: { docStatus: doc.status },
    newValue: { docStatus: DocStatus.DeletionInApproval, applyId: apply.id, approverId: body.approverId },
  });
  return { fileId: doc.id, status: DocStatus.DeletionInApproval, applyId: apply.id };
}

/**
 * GET /file/delete/{fileId}/{applyId}/a: the approver named in the application approves (→ recycle bin, where a
 * restore brings the archived document back) or rejects (→ 6).
 */
export async function decideDeletion(
  tx: Tx,
  ctx: ProjectContext,
  input: { fileId: number; applyId: number; pass: boolean; comment?: string },
) {
  const [apply] = await tx
    .select()
    .from(deletionApplications)
    .where(
      and(
        eq(deletionApplications.id, input.applyId),
        eq(deletionApplications.documentId, input.fileId),
        eq(deletionApplications.projectId, ctx.projectId),
      ),
    );
  if (!apply) fail('not_found');
  const me = ctx.auth.user.id;
  const approving = apply.state === DeletionState.Pending && apply.approverId === me;
  const { doc, facts } = await lockArchived(tx, ctx, input.fileId, approving);
  const t = requireTransition(doc.status, input.pass ? 'approveDelete' : 'rejectDelete', facts);
  const now = new Date();
  await tx
    .update(deletionApplications)
    .set({
      state: input.pass ? DeletionState.Passed : DeletionState.Rejected,
      comment: input.comment ?? null,
      decidedAt: now,
    })
    .where(eq(deletionApplications.id, apply.id));
  // Deleted documents keep their archived status, so a restore from the recycle bin brings them back archived.
  await tx
    .update(documents)
    .set(
      input.pass
        ? { status: DocStatus.Archived, deletedAt: now, deletedBy: me, updatedAt: now }
        : { status: DocStatus.Archived, updatedAt: now },
    )
    .where(eq(documents.id, doc.id));
  await closeTasks(
    tx,
    doc.id,
    { kinds: ['deleteApproval'] },
    { state: TaskState.Done, outcome: input.pass ? 'pass' : 'reject' },
  );
  const step = { docStatus: doc.status, applyId: apply.id, approverId: apply.approverId };
  const decided = {
    ...step,
    docStatus: DocStatus.Archived,
    decision: input.pass ? ('pass' as const) : ('reject' as const),
  };
  await recordTrail(
    tx,
    ctx.actor,
    t.trail === TrailType.Delete
      ? {
          type: TrailType.Delete,
          objectType: 'document',
          objectId: doc.id,
          reason: input.comment ?? null,
          oldValue: step,
          newValue: { ...decided, recycled: true },
        }
      : {
          type: TrailType.Update,
          objectType: 'document',
          objectId: doc.id,
          reason: input.comment ?? null,
          oldValue: step,
          newValue: decided,
        },
  );
  // Deleted, it fulfils no expected document any more (issue 27 part 4).
  if (input.pass) await refileDocuments(tx, ctx.actor, [doc.id]);
  return { fileId: doc.id, status: DocStatus.Archived };
}
