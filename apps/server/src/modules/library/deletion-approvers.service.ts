import type { DeletionApprovers } from '@edoc/contract/library';
import { asc, eq } from 'drizzle-orm';
import { members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadDocumentFor } from '../../access/document-access.ts';
import { eligibilityOf } from '../../access/assignees.ts';
import { currentEntry, libraryFactsOf, libraryRightsOf } from '../../access/library-access.ts';
import { requireTransition } from '../../access/workflow-state.ts';

/**
 * GET /file/delete/approvers/{fileId}: for someone who may apply to delete the archived document, the members who
 * may approve it — by the rule applyForDeletion checks (eligibilityOf with deleteDoc) — and the others with why not.
 */
export async function deletionApproversOf(deps: Deps, ctx: ProjectContext, fileId: number): Promise<DeletionApprovers> {
  return deps.db.transaction(async (tx) => {
    const { doc, rights } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc']);
    const entry = await currentEntry(tx, doc.id);
    if (!entry) fail('not_in_this_status');
    const library = await libraryRightsOf(tx, ctx, entry);
    requireTransition(doc.status, 'applyDelete', libraryFactsOf(ctx, { doc, docRights: rights, library }));
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.projectId, ctx.projectId))
      .orderBy(asc(users.name), asc(users.id));
    const verdicts = await eligibilityOf(tx, ctx.projectId, {
      doc,
      userIds: people.map((p) => p.id),
      key: 'deleteDoc',
    });
    const answer: DeletionApprovers = { approvers: [], others: [] };
    for (const p of people) {
      const why = p.id === ctx.auth.user.id ? 'self' : verdicts.get(p.id);
      if (why === null) answer.approvers.push(p);
      else if (why !== undefined) answer.others.push({ ...p, reason: why });
    }
    return answer;
  });
}
