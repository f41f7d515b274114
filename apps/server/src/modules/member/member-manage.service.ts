import type { CompanyUserItem } from '@edoc/contract/company';
import type { Page } from '@edoc/contract/envelope';
import type { MemberListQuery, ProjectMember } from '@edoc/contract/member';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { members, roles } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { likePattern } from '../../lib/sql.ts';
import { usersNotInProject } from '../company/company-user.service.ts';
import { sessionProject } from '../project/project-settings.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { addMember, changeMember, removeMember, type MemberInput } from './member.service.ts';

/*
 * The project administrator's member tab (/manage/user): the company administrator's member rules
 * (member.service.ts), applied to the project the session entered.
 */

/** GET /manage/member/list: the entered project's members by name, searched by name or e-mail, paged. */
export async function listProjectMembers(
  deps: Deps,
  ctx: ProjectContext,
  q: MemberListQuery,
): Promise<Page<ProjectMember>> {
  const project = await sessionProject(deps.db, ctx);
  const search = q.searchValue ? likePattern(q.searchValue) : null;
  const rows = await deps.db
    .select({
      m: members,
      userName: users.name,
      email: users.email,
      roleCode: roles.code,
      roleName: roles.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(
      and(
        eq(members.projectId, project.id),
        search ? or(ilike(users.name, search), ilike(users.email, search)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(members.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map((r) => ({
      memberId: r.m.id,
      userId: r.m.userId,
      userName: r.userName,
      email: r.email,
      roleId: r.m.roleId,
      roleCode: r.roleCode,
      roleName: r.roleName,
      siteIds: r.m.siteIds,
    })),
  };
}

/** GET /manage/member/candidates: enabled project users of the company who are not members yet. */
export async function memberCandidates(
  deps: Deps,
  ctx: ProjectContext,
  searchValue?: string,
): Promise<CompanyUserItem[]> {
  const project = await sessionProject(deps.db, ctx);
  return usersNotInProject(deps, project.companyId, { studyId: project.id, searchValue });
}

export async function addProjectMember(deps: Deps, ctx: ProjectContext, input: MemberInput) {
  const project = await sessionProject(deps.db, ctx);
  return addMember(deps, ctx, { companyId: project.companyId, projectId: project.id, input });
}

export async function changeProjectMember(
  deps: Deps,
  ctx: ProjectContext,
  { memberId, input }: { memberId: number; input: MemberInput },
) {
  const project = await sessionProject(deps.db, ctx);
  await changeMember(deps, ctx, { companyId: project.companyId, projectId: project.id, memberId, input });
}

export async function removeProjectMember(deps: Deps, ctx: ProjectContext, memberId: number) {
  const project = await sessionProject(deps.db, ctx);
  await removeMember(deps, ctx, { companyId: project.companyId, projectId: project.id, memberId });
}
