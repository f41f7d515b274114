import type { WorkflowHistory } from '@edoc/contract/workflow-requests';
import { Decision, StageState } from '@edoc/contract/states';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { documentVersions } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { documentRoutes, routeStages, signatures, stageAssignees } from '../../db/schema/workflow.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadDocumentFor } from '../../access/document-access.ts';
import { fromLibraryOr } from '../../access/library-access.ts';

/**
 * GET /file/flow/{fileId}: every route of the document, newest first — stages, assignees, decisions, comments and
 * signatures, each signature saying whether it applies to the current content (a newer version voids it).
 */
export async function workflowHistoryOf(deps: Deps, ctx: ProjectContext, fileId: number): Promise<WorkflowHistory> {
  return deps.db.transaction(async (tx) => {
    // A reader of the library (an inspector too) reads the reviews and approvals of an archived document.
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc']).catch((err: unknown) =>
      fromLibraryOr(tx, ctx, { err, key: 'viewDoc', fileId }),
    );
    const routeRows = await tx
      .select({ r: documentRoutes, versionNo: documentVersions.versionNo, senderName: users.name })
      .from(documentRoutes)
      .innerJoin(documentVersions, eq(documentVersions.id, documentRoutes.versionId))
      .innerJoin(users, eq(users.id, documentRoutes.senderId))
      .where(eq(documentRoutes.documentId, doc.id))
      .orderBy(desc(documentRoutes.id));
    if (routeRows.length === 0) return [];
    const stageRows = await tx
      .select()
      .from(routeStages)
      .where(
        inArray(
          routeStages.routeId,
          routeRows.map((r) => r.r.id),
        ),
      )
      .orderBy(asc(routeStages.stage));
    const seats = stageRows.length
      ? await tx
          .select({ a: stageAssignees, userName: users.name })
          .from(stageAssignees)
          .innerJoin(users, eq(users.id, stageAssignees.userId))
          .where(
            inArray(
              stageAssignees.stageId,
              stageRows.map((s) => s.id),
            ),
          )
          .orderBy(asc(stageAssignees.id))
      : [];
    const signed = await tx.select().from(signatures).where(eq(signatures.documentId, doc.id));
    const [current] = await tx
      .select({ sha256: documentVersions.sha256 })
      .from(documentVersions)
      .where(eq(documentVersions.id, doc.currentVersionId ?? 0));
    return routeRows.map(({ r, versionNo, senderName }) => ({
      routeId: r.id,
      versionNo,
      senderName,
      sentAt: r.createdAt.toISOString(),
      state: r.state,
      stages: stageRows
        .filter((s) => s.routeId === r.id)
        .map((s) => ({
          stage: s.stage,
          state: s.state,
          allMustAct: s.allMustAct,
          signatureRequired: s.signatureRequired,
          dueDate: s.dueDate,
          assignees: seats
            .filter(({ a }) => a.stageId === s.id)
            .map(({ a, userName }) => {
              const sig = signed.find((x) => x.stageAssigneeId === a.id);
              return {
                userId: a.userId,
                userName,
                decision: settledDecision(s.state, a.decision),
                comment: a.comment,
                decidedAt: a.decidedAt?.toISOString() ?? null,
                signature: sig
                  ? {
                      signerName: sig.printedName,
                      meaning: sig.meaning,
                      signedAt: sig.signedAt.toISOString(),
                      timeZone: sig.timeZone,
                      contentSha256: sig.contentSha256,
                      appliesToCurrent: sig.versionId === doc.currentVersionId && sig.contentSha256 === current?.sha256,
                    }
                  : null,
              };
            }),
        })),
    }));
  });
}

/**
 * An assignee still waiting in a stage that has closed was not needed: rows closed before the decision service wrote
 * Decision.NotNeeded (issue 26) read so too, rather than "pending" under a rejected or passed stage.
 */
function settledDecision(stageState: number | null, decision: number): number {
  const closed = stageState === StageState.Passed || stageState === StageState.Rejected;
  const waiting = decision === Decision.Pending || decision === Decision.Retracted;
  return closed && waiting ? Decision.NotNeeded : decision;
}
