import { RoleCode, type Lang } from '@edoc/contract/enums';
import type { DocKey } from '@edoc/contract/permissions';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { members, projects, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { visibleSites } from '../../access/sites.ts';
import { folderRights } from '../../access/folder-rights.ts';

/**
 * What one person may see of a project, decided afresh on every run by the policies the document list and search
 * apply: the work folders they hold viewDoc in (DESIGN §5) and the sites they are limited to. A shared report run by
 * another member, or mailed to one, is computed with that member's rights, never its owner's.
 */
export interface ReportViewer {
  projectId: number;
  /** Project administration: every row, the whole trail. */
  fullAccess: boolean;
  /** Work folders whose documents they may view. */
  folderIds: number[];
  /**
   * Folders where they may also read a document's trail (viewDoc and viewTrailDoc, as /audit/find_file_audits asks):
   * the trail dataset shows others only rows about those documents. Project administrators see the whole trail.
   */
  trailFolderIds: number[];
  /** Sites they are limited to (central documents are everyone's); null: no limit. */
  sites: number[] | null;
  /** The project's zone: dates are read and grouped on its calendar. */
  timeZone: string;
  /** The reader's language: a folder's English name for English readers, where it has one (issue 12, defect 4). */
  lang: Lang;
}

export async function viewerOf(tx: Tx, ctx: ProjectContext): Promise<ReportViewer> {
  const { rows, rights } = await folderRights(tx, ctx, 0);
  const holds = (id: number, keys: DocKey[]) => {
    const r = rights.get(id);
    return !!r?.isEnabled && keys.every((k) => r.docKeys.includes(k));
  };
  const [project] = await tx
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  return {
    projectId: ctx.projectId,
    fullAccess: ctx.fullAccess,
    folderIds: rows.filter((f) => holds(f.id, ['viewDoc'])).map((f) => f.id),
    trailFolderIds: rows.filter((f) => holds(f.id, ['viewDoc', 'viewTrailDoc'])).map((f) => f.id),
    sites: await visibleSites(tx, ctx),
    timeZone: project?.timeZone ?? 'UTC',
    lang: ctx.lang,
  };
}

/**
 * A member as if they had entered the project themselves, for the weekly mail (no request, no session): their
 * rights come from the same rows a session's do (plugins/auth.ts): full access only through the built-in STU_PM
 * role. Null when they are no longer an enabled member.
 */
export async function memberContext(
  tx: Tx,
  projectId: number,
  userId: number,
): Promise<{ ctx: ProjectContext; email: string; lang: Lang } | null> {
  const [row] = await tx
    .select({ user: users, code: roles.code, builtin: roles.builtin })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(eq(members.projectId, projectId), eq(members.userId, userId), eq(users.enabled, true)));
  if (!row) return null;
  const { user } = row;
  const fullAccess = row.builtin && row.code === RoleCode.ProjectAdmin;
  const lang: Lang = user.lang === 'en-US' ? 'en-US' : 'zh-CN';
  const ctx: ProjectContext = {
    actor: { actorId: user.id, actorName: user.name, companyId: user.companyId, projectId, ip: '' },
    lang,
    client: { ip: '', userAgent: undefined },
    auth: {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        userType: user.userType,
        companyId: user.companyId,
        isCompanyManager: user.isCompanyManager,
      },
      session: {
        id: 0,
        lang,
        idleMinutes: 0,
        projectId,
        roleCode: row.code,
        projectState: 'open',
        fullAccess,
        inspector: null,
      },
    },
    projectId,
    roleCode: row.code,
    fullAccess,
    readOnly: false,
    inspector: null,
  };
  return { ctx, email: user.email, lang };
}
