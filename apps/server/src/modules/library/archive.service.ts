import { DocStatus, TrailType } from '@edoc/contract/enums';
import type { BatchAnswer } from '@edoc/contract/workflow-requests';
import { TaskState } from '@edoc/contract/states';
import type { ArchiveBody, BatchArchiveBody } from '@edoc/contract/library';
import { errorMessage } from '@edoc/contract/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { projects } from '../../db/schema/projects.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { lockDocumentFor } from '../../access/document-access.ts';
import { closeTasks } from '../task/task-rows.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { requireTransition } from '../../access/workflow-state.ts';
import { ensureLibraryTree } from '../folder/library-tree.service.ts';
import { libraryFactsOf, libraryFolderFor, projectToday } from '../../access/library-access.ts';
import { requireNoUnfinishedIssues } from '../quality-issue/quality-issue.policy.ts';

/**
 * 8 → 6 (archived), or 7 (waiting to be activated) when the effective date is still to come in the project's time
 * zone (DESIGN §6). Files the current version in the library, superseding the document's earlier entry, and closes
 * the 'waiting to archive' task. One transaction under the document's row lock. Refused while quality issues of the
 * document are open or resolved (issue 27 part 5; the batch reports it per document).
 */
export async function archiveDocument(tx: Tx, ctx: ProjectContext, body: ArchiveBody) {
  const { doc, rights } = await lockDocumentFor(tx, ctx, body.fileId, ['viewDoc']);
  requireTransition(doc.status, 'archive', libraryFactsOf(ctx, { doc, docRights: rights, library: null }));
  if (body.fileVersionId !== undefined && body.fileVersionId !== doc.currentVersionId) fail('version_not_current');
  await requireNoUnfinishedIssues(tx, doc.id);
  const [version] = await tx
    .select({ id: documentVersions.id, versionNo: documentVersions.versionNo })
    .from(documentVersions)
    .where(eq(documentVersions.id, doc.currentVersionId ?? 0));
  if (!version) fail('not_found');
  await ensureLibraryTree(tx, ctx);
  const folderId = await libraryFolderFor(tx, ctx, { workFolderId: doc.folderId!, named: body.libraryFolderId });
  const today = await projectToday(tx, ctx.projectId);
  const effectiveDate = body.startDate ?? doc.effectiveDate ?? today;
  const publishDate = body.publishDate ?? today;
  if (doc.expirationDate && effectiveDate > doc.expirationDate) fail('effective_after_expiry');
  const to = effectiveDate > today ? DocStatus.WaitingActivation : DocStatus.Archived;

  const now = new Date();
  await tx
    .update(libraryEntries)
    .set({ supersededAt: now })
    .where(and(eq(libraryEntries.documentId, doc.id), isNull(libraryEntries.supersededAt)));
  const [entry] = await tx
    .insert(libraryEntries)
    .values({
      projectId: ctx.projectId,
      documentId: doc.id,
      versionId: version.id,
      folderId,
      publishDate,
      effectiveDate,
      archivedBy: ctx.auth.user.id,
      activatedAt: to === DocStatus.Archived ? now : null,
    })
    .returning();
  await tx.update(documents).set({ status: to, effectiveDate, updatedAt: now }).where(eq(documents.id, doc.id));
  await closeTasks(tx, doc.id, { kinds: ['archive'] }, { state: TaskState.Done, outcome: 'archive' });
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Publish,
    objectType: 'document',
    objectId: doc.id,
    version: version.versionNo,
    oldValue: { docStatus: doc.status },
    newValue: {
      docStatus: to,
      versionNo: version.versionNo,
      libraryFolderId: folderId,
      publishDate,
      effectiveDate,
      entryId: entry.id,
    },
  });
  return { fileId: doc.id, status: to };
}

/**
 * POST /file/batch/archived: each document in its own transaction, checked on its own (as batch sending does); the
 * answer says which were archived and why the others were not.
 */
export async function archiveMany(deps: Deps, ctx: ProjectContext, body: BatchArchiveBody) {
  const results: BatchAnswer['results'] = [];
  const ids = [...new Set(body.fileIds)];
  if (body.fileVersionIds && body.fileVersionIds.length !== body.fileIds.length)
    fail('invalid_value', { field: 'fileVersionIds' });
  for (const fileId of ids) {
    // fileVersionIds pair with fileIds by position (SPEC §3 batch archive payload).
    const input = { ...body, fileId, fileVersionId: body.fileVersionIds?.[body.fileIds.indexOf(fileId)] };
    try {
      await deps.db.transaction((tx) => archiveDocument(tx, ctx, input));
      results.push({ fileId, ok: true, errorCode: null, msg: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ fileId, ok: false, errorCode: err.code, msg: errorMessage(err.code, ctx.lang, err.params) });
    }
  }
  return { results };
}

/** The activation job's actor: the system, named in the trail. */
const SYSTEM_ACTOR: TrailActor = { actorId: null, actorName: 'edoc (activation)' };

/**
 * 7 → 6 for every document whose effective date has come in its project's time zone (at `at`, the job's clock).
 * Each due entry is claimed with FOR UPDATE SKIP LOCKED and activated in its own transaction, so workers running at
 * once activate each document exactly once, with one trail row.
 */
export async function activateDue(db: Db, at: Date = new Date()): Promise<number> {
  let activated = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number; document_id: number; project_id: number }>(sql`
        select e.id, e.document_id, e.project_id from ${libraryEntries} e join ${projects} p on p.id = e.project_id
        where e.activated_at is null and e.superseded_at is null
          and e.effective_date <= (${at.toISOString()}::timestamptz at time zone p.time_zone)::date
        order by e.id limit 1 for update of e skip locked`);
      const entry = due.rows[0];
      if (!entry) return false;
      await tx.update(libraryEntries).set({ activatedAt: at }).where(eq(libraryEntries.id, entry.id));
      const changed = await tx
        .update(documents)
        .set({ status: DocStatus.Archived, updatedAt: at })
        .where(and(eq(documents.id, entry.document_id), eq(documents.status, DocStatus.WaitingActivation)))
        .returning({ id: documents.id });
      if (changed.length > 0) {
        await recordTrail(
          tx,
          { ...SYSTEM_ACTOR, projectId: entry.project_id },
          {
            type: TrailType.Update,
            objectType: 'document',
            objectId: entry.document_id,
            oldValue: { docStatus: DocStatus.WaitingActivation },
            newValue: { docStatus: DocStatus.Archived, activated: true },
          },
        );
        activated += 1;
      }
      return true;
    });
    if (!done) return activated;
  }
}
