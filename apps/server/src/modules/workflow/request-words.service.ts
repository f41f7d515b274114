import type { RequestWord } from '@edoc/contract/document-edit';
import { Decision } from '@edoc/contract/states';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentWords } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { documentRoutes, routeStages, stageAssignees } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadDocumentFor } from '../../access/document-access.ts';

/** A review request of this document, else "not found" (another document's request says nothing). */
export async function requireRouteOf(tx: Tx, documentId: number, routeId: number): Promise<void> {
  const [route] = await tx
    .select({ id: documentRoutes.id })
    .from(documentRoutes)
    .where(and(eq(documentRoutes.id, routeId), eq(documentRoutes.documentId, documentId)));
  if (!route) fail('not_found');
}

/**
 * GET /file/words/{fileId}/{routeId}/a (SPEC §7): the discussion on one review request — the comments written on
 * it and every decision's comment or reason — oldest first, for whoever may view the document.
 */
export async function requestWords(
  deps: Deps,
  ctx: ProjectContext,
  { fileId, routeId }: { fileId: number; routeId: number },
): Promise<RequestWord[]> {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc']);
    await requireRouteOf(tx, doc.id, routeId);
    const [route] = await tx.select().from(documentRoutes).where(eq(documentRoutes.id, routeId));
    const words = await tx
      .select({ w: documentWords, userName: users.name })
      .from(documentWords)
      .innerJoin(users, eq(users.id, documentWords.userId))
      .where(and(eq(documentWords.documentId, doc.id), eq(documentWords.routeId, routeId)));
    const decisions = await tx
      .select({ a: stageAssignees, userName: users.name })
      .from(stageAssignees)
      .innerJoin(routeStages, eq(routeStages.id, stageAssignees.stageId))
      .innerJoin(users, eq(users.id, stageAssignees.userId))
      .where(
        and(eq(routeStages.routeId, routeId), isNotNull(stageAssignees.comment), isNotNull(stageAssignees.decidedAt)),
      )
      .orderBy(asc(stageAssignees.decidedAt));
    const rows: RequestWord[] = [
      ...words.map(({ w, userName }) => ({
        id: w.id,
        text: w.text,
        userName,
        fileVersionId: w.versionId,
        createdtime: w.createdAt.toISOString(),
        decision: null,
      })),
      ...decisions
        .filter(({ a }) => a.decision === Decision.Passed || a.decision === Decision.Rejected)
        .map(({ a, userName }) => ({
          // Decisions are not comment rows: their ids are negative so the list keys never collide.
          id: -a.id,
          text: a.comment ?? '',
          userName,
          fileVersionId: route.versionId,
          createdtime: a.decidedAt!.toISOString(),
          decision: a.decision === Decision.Passed ? ('pass' as const) : ('reject' as const),
        })),
    ];
    return rows.sort((x, y) => x.createdtime.localeCompare(y.createdtime));
  });
}
