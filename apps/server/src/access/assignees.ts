import type { DocKey } from '@edoc/contract/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { groups, members } from '../db/schema/projects.ts';
import { users } from '../db/schema/users.ts';
import { fail } from '../lib/app-error.ts';
import { projectFolders, rightsOfUser, type FolderRow } from './folder-rights.ts';

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

type RoutedDoc = { folderId: number | null; central: boolean; siteId: number | null };

/** Who is asked to act on which document with which key; `folders` spares reading the project's tree again. */
interface AskedToAct {
  doc: RoutedDoc;
  userIds: number[];
  key: DocKey;
  folders?: FolderRow[];
}

/**
 * Why a member may not act on a document with a key: 'site' (limited to sites, not the document's), 'right' (no
 * grant on the document's folder gives the key that their role also holds: the key is the role's AND the folder's).
 */
export type NotEligible = 'site' | 'right';

/**
 * The one rule of who may act on a document with a key (a stage's assignees, a deletion's approver): a member of
 * the project (not a service account), able to see its site, holding the key on its folder. For each given member:
 * null when they may, else why not; people who are not members are left out of the answer.
 */
export async function eligibilityOf(
  tx: Tx,
  projectId: number,
  { doc, userIds, key, folders }: AskedToAct,
): Promise<Map<number, NotEligible | null>> {
  const verdicts = new Map<number, NotEligible | null>();
  if (userIds.length === 0) return verdicts;
  const rows = folders ?? (await projectFolders(tx, projectId, 0));
  // A service account is a member only for its tokens: it never signs and reads no tasks, so it is asked to act on
  // nothing (left out, as a non-member is).
  const memberRows = await tx
    .select({ userId: members.userId, siteIds: members.siteIds })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(eq(members.projectId, projectId), inArray(members.userId, userIds), eq(users.isServiceAccount, false)),
    );
  for (const member of memberRows) {
    const seesSite = doc.central || member.siteIds.length === 0 || member.siteIds.includes(doc.siteId ?? -1);
    if (!seesSite) {
      verdicts.set(member.userId, 'site');
      continue;
    }
    const rights = await rightsOfUser(tx, projectId, { userId: member.userId, rows });
    const r = doc.folderId === null ? undefined : rights?.get(doc.folderId);
    verdicts.set(member.userId, r?.isEnabled && r.docKeys.includes(key) ? null : 'right');
  }
  return verdicts;
}

/** Those of the given people who may act on the document as the stage needs (eligibilityOf's rule). */
export async function peopleWhoMay(tx: Tx, projectId: number, asked: AskedToAct): Promise<Set<number>> {
  const verdicts = await eligibilityOf(tx, projectId, asked);
  return new Set([...verdicts].filter(([, why]) => why === null).map(([userId]) => userId));
}

/** Everyone named must be able to act (peopleWhoMay); anyone who may not: 'route_changed' (revise and resend). */
export async function requireAssigneesMay(tx: Tx, projectId: number, asked: AskedToAct): Promise<void> {
  const may = await peopleWhoMay(tx, projectId, asked);
  if (asked.userIds.some((u) => !may.has(u))) fail('route_changed');
}
