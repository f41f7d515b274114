import type { AssigneeCandidates } from '@edoc/contract/workflow-requests';
import { enabledStages, STAGE_RULES } from '@edoc/contract/workflow';
import { asc, eq, inArray } from 'drizzle-orm';
import { groups, members, projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadDocumentFor } from '../../access/document-access.ts';
import { projectFolders } from '../../access/folder-rights.ts';
import { peopleWhoMay } from '../../access/assignees.ts';

/**
 * Who the send dialog may name on each enabled stage of a document the caller sees: the same rule sending checks
 * (peopleWhoMay), so a route built from this list is not refused as 'route_changed' unless rights change meanwhile.
 */
export async function assigneeCandidates(deps: Deps, ctx: ProjectContext, fileId: number): Promise<AssigneeCandidates> {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc']);
    const [project] = await tx.select().from(projects).where(eq(projects.id, ctx.projectId));
    const memberIds = (
      await tx.select({ userId: members.userId }).from(members).where(eq(members.projectId, ctx.projectId))
    ).map((m) => m.userId);
    const people =
      memberIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(inArray(users.id, memberIds))
            .orderBy(asc(users.name));
    const groupRows = await tx
      .select({ id: groups.id, name: groups.name, memberIds: groups.memberIds })
      .from(groups)
      .where(eq(groups.projectId, ctx.projectId))
      .orderBy(asc(groups.name));
    const folders = await projectFolders(tx, ctx.projectId, 0);
    const answer: AssigneeCandidates = [];
    for (const stage of enabledStages(project)) {
      const may = await peopleWhoMay(tx, ctx.projectId, {
        doc,
        userIds: memberIds,
        key: STAGE_RULES[stage].key,
        folders,
      });
      answer.push({
        stage,
        users: people.filter((p) => may.has(p.id)),
        groups: groupRows
          .filter((g) => g.memberIds.length > 0 && g.memberIds.every((u) => may.has(u)))
          .map((g) => ({ id: g.id, name: g.name, memberCount: g.memberIds.length })),
      });
    }
    return answer;
  });
}

/**
 * GET /folder/recipients: the members a new document in this folder may be created for — the rule creating checks
 * (viewDoc on the folder, seeing the site), so the upload form offers only people it will accept.
 */
export async function recipientsOf(
  deps: Deps,
  ctx: ProjectContext,
  { folderId, siteId }: { folderId: number; siteId?: number },
) {
  return deps.db.transaction(async (tx) => {
    const folders = await projectFolders(tx, ctx.projectId, 0);
    if (!folders.some((f) => f.id === folderId)) fail('not_found');
    const memberIds = (
      await tx.select({ userId: members.userId }).from(members).where(eq(members.projectId, ctx.projectId))
    ).map((m) => m.userId);
    const doc = { folderId, central: siteId === undefined, siteId: siteId ?? null };
    const may = await peopleWhoMay(tx, ctx.projectId, { doc, userIds: memberIds, key: 'viewDoc', folders });
    may.delete(ctx.auth.user.id);
    if (may.size === 0) return [];
    return tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [...may]))
      .orderBy(asc(users.name));
  });
}
