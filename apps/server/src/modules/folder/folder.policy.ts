import { evaluateFolderRights, type FolderRights } from '@edoc/contract/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, folders, groups, members, roles } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../study/study.policy.ts';

/** Every folder of the project with the caller's rights on it (DESIGN §5, evaluated by the contract's rule). */
export async function folderRights(tx: Tx, ctx: ProjectContext, type?: number) {
  const rows = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, ctx.projectId), type === undefined ? undefined : eq(folders.type, type)))
    .orderBy(folders.sortOrder, folders.id);
  if (ctx.fullAccess) {
    return { rows, rights: evaluateFolderRights(rows.map(ref), [], { ...NO_SUBJECT, fullAccess: true }) };
  }
  const [member] = await tx
    .select({ roleId: members.roleId, docKeys: roles.docKeys, libraryKeys: roles.libraryKeys })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, ctx.projectId), eq(members.userId, ctx.auth.user.id)));
  if (!member) fail('forbidden');
  const groupRows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.projectId, ctx.projectId), sql`${ctx.auth.user.id} = any(${groups.memberIds})`));
  const grants = await tx
    .select()
    .from(folderGrants)
    .innerJoin(folders, eq(folders.id, folderGrants.folderId))
    .where(eq(folders.projectId, ctx.projectId));
  const rights = evaluateFolderRights(
    rows.map(ref),
    grants.map((g) => g.folder_grants),
    {
      userId: ctx.auth.user.id,
      roleId: member.roleId,
      groupIds: groupRows.map((g) => g.id),
      roleDocKeys: member.docKeys,
      roleLibraryKeys: member.libraryKeys,
      fullAccess: false,
    },
  );
  return { rows, rights };
}

const NO_SUBJECT = { userId: 0, roleId: null, groupIds: [], roleDocKeys: [], roleLibraryKeys: [] };
const ref = (f: typeof folders.$inferSelect) => ({ id: f.id, parentId: f.parentId ?? 0, type: f.type });

export type { FolderRights };
