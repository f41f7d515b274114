import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, folders, groups } from '../../db/schema/projects.ts';
import { sessions } from '../../db/schema/sessions.ts';

/**
 * What a member leaving the project leaves behind: their place in the project's user groups and the folder
 * grants made to them personally. Both would otherwise come back silently if the user were added again.
 * Returns what was removed, for the trail row.
 */
export async function detachFromProject(tx: Tx, projectId: number, userId: number) {
  const leftGroups = await tx
    .update(groups)
    .set({ memberIds: sql`array_remove(${groups.memberIds}, ${userId}::int)` })
    .where(and(eq(groups.projectId, projectId), sql`${userId}::int = any(${groups.memberIds})`))
    .returning({ groupId: groups.id });
  const projectFolders = tx.select({ id: folders.id }).from(folders).where(eq(folders.projectId, projectId));
  const grants = await tx
    .delete(folderGrants)
    .where(
      and(
        eq(folderGrants.subjectType, 'user'),
        eq(folderGrants.subjectId, userId),
        inArray(folderGrants.folderId, projectFolders),
      ),
    )
    .returning();
  return {
    groupIds: leftGroups.map((g) => g.groupId),
    grants: grants.map((g) => ({ folderId: g.folderId, docKeys: g.docKeys, libraryKeys: g.libraryKeys })),
  };
}

/**
 * Sessions inside the project follow a membership change at once: the gate reads the role from the session,
 * so a removed member (roleCode null) or a former project administrator must not keep the old rights until
 * they next choose the project.
 */
export async function followSessions(
  tx: Tx,
  { projectId, userId, roleCode }: { projectId: number; userId: number; roleCode: string | null },
) {
  await tx
    .update(sessions)
    .set(roleCode ? { roleCode } : { roleCode: null, projectId: null })
    .where(and(eq(sessions.userId, userId), eq(sessions.projectId, projectId), isNull(sessions.revokedAt)));
}
