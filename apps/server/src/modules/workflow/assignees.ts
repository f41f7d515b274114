import type { DocKey } from '@edoc/contract/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groups, members } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import { projectFolders, rightsOfUser, type FolderRow } from '../folder/folder.policy.ts';

/** The people a stage names: its users and the members of its groups (expanded when sent), each once. */
export async function expandAssignees(
  tx: Tx,
  projectId: number,
  stage: { userIds: number[]; groupIds: number[] },
): Promise<number[]> {
  const people = new Set(stage.userIds);
  if (stage.groupIds.length > 0) {
    const rows = await tx
      .select({ id: groups.id, memberIds: groups.memberIds })
      .from(groups)
      .where(and(eq(groups.projectId, projectId), inArray(groups.id, stage.groupIds)));
    if (rows.length !== new Set(stage.groupIds).size) fail('invalid_value', { field: 'groupIds' });
    for (const g of rows) for (const u of g.memberIds) people.add(u);
  }
  return [...people];
}

/**
 * Whether each person may act on the document as the stage needs: a member of the project, holding the stage's key
 * on the document's folder and able to see its site. Anyone who may not: 'route_changed' (revise and resend).
 */
export async function requireAssigneesMay(
  tx: Tx,
  projectId: number,
  doc: { folderId: number | null; central: boolean; siteId: number | null },
  userIds: number[],
  key: DocKey,
  folders?: FolderRow[],
): Promise<void> {
  const rows = folders ?? (await projectFolders(tx, projectId, 0));
  const memberRows = await tx
    .select({ userId: members.userId, siteIds: members.siteIds })
    .from(members)
    .where(and(eq(members.projectId, projectId), inArray(members.userId, userIds)));
  for (const userId of userIds) {
    const member = memberRows.find((m) => m.userId === userId);
    if (!member) fail('route_changed');
    const seesSite = doc.central || member.siteIds.length === 0 || member.siteIds.includes(doc.siteId ?? -1);
    const rights = await rightsOfUser(tx, projectId, userId, rows);
    const r = doc.folderId === null ? undefined : rights?.get(doc.folderId);
    if (!seesSite || !r?.isEnabled || !r.docKeys.includes(key)) fail('route_changed');
  }
}
