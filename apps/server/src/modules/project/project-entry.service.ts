import { RoleCode, UserType } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import { projectRightsOf } from '@edoc/contract/permissions';
import type { ProjectEntryData, ProjectEntryItem } from '@edoc/contract/project';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { favourites, members, projects, roles } from '../../db/schema/projects.ts';
import { inspectorGrants } from '../../db/schema/inspectors.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { tasks } from '../../db/schema/workflow.ts';
import { fail } from '../../lib/app-error.ts';
import { likePattern } from '../../lib/sql.ts';
import type { Deps } from '../../lib/deps.ts';
import { authenticateSession, sessionIdOf, type AuthContext } from '../../plugins/auth.ts';
import { standingOf } from '../../plugins/context.ts';

const isManager = (auth: AuthContext) => auth.user.userType === UserType.Company && auth.user.isCompanyManager;

/** The caller's inspector invitation to the project row at hand, when it holds today in the project's time zone. */
const inspectorGrantOf = (auth: AuthContext) =>
  sql`(select ${inspectorGrants.id} from ${inspectorGrants} where ${inspectorGrants.projectId} = ${projects.id}
        and ${inspectorGrants.userId} = ${auth.user.id} and ${inspectorGrants.revokedAt} is null
        and (now() at time zone ${projects.timeZone})::date between ${inspectorGrants.startsOn} and ${inspectorGrants.endsOn})`;

/**
 * The projects a user may enter: a member's projects, for a company administrator every project of the company,
 * and for an inspector the projects whose invitation holds today. Closed projects are offered (read-only, issue 11).
 */
function visibleProjects(auth: AuthContext) {
  const member = sql`exists (select 1 from ${members} where ${members.projectId} = ${projects.id} and ${members.userId} = ${auth.user.id})`;
  const ownCompany =
    isManager(auth) && auth.user.companyId !== null ? eq(projects.companyId, auth.user.companyId) : undefined;
  const inspector = sql`exists ${inspectorGrantOf(auth)}`;
  return and(eq(companies.enabled, true), or(member, inspector, ownCompany));
}

export async function listEnterableProjects(
  deps: Deps,
  auth: AuthContext,
  q: { pageNum: number; pageSize: number; searchValue?: string },
): Promise<Page<ProjectEntryItem>> {
  const search = q.searchValue ? likePattern(q.searchValue) : null;
  const where = and(
    visibleProjects(auth),
    search ? or(ilike(projects.name, search), ilike(projects.code, search)) : undefined,
  );
  const mark = sql<boolean>`exists (select 1 from ${favourites} where ${favourites.projectId} = ${projects.id} and ${favourites.userId} = ${auth.user.id})`;
  // The caller's open tasks in each project (issue 10): the picker shows where work waits.
  const inspects = sql<boolean>`(not exists (select 1 from ${members} where ${members.projectId} = ${projects.id} and ${members.userId} = ${auth.user.id}) and exists ${inspectorGrantOf(auth)})`;
  const taskNum = sql<number>`(select count(*) from ${tasks} where ${tasks.projectId} = ${projects.id} and ${tasks.userId} = ${auth.user.id} and ${tasks.state} = 0)`;
  const rows = await deps.db
    .select({ p: projects, companyName: companies.name, mark, taskNum, inspects, total: sql<number>`count(*) over ()` })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(where)
    .orderBy(desc(mark), asc(projects.name))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map(({ p, companyName, mark: marked, taskNum, inspects: inspector }) => ({
      study_id: p.id,
      study_name: p.name,
      study_code: p.code,
      company_id: p.companyId,
      company_name: companyName,
      taskNum: Number(taskNum),
      mark: marked,
      idle_time: p.idleMinutes,
      study_page_size: p.pageSize,
      reviewOpen: p.reviewOpen,
      qcOpen: p.qcOpen,
      approveOpen: p.approveOpen,
      closed: p.closed,
      inspector: !!inspector && !isManager(auth),
    })),
  };
}

/** POST /common/study/entry: binds the session to the project, whose idle time now applies (SPEC §4). */
export async function enterProject(deps: Deps, auth: AuthContext, projectId: number): Promise<ProjectEntryData> {
  const [row] = await deps.db
    .select({
      p: projects,
      roleCode: roles.code,
      docKeys: roles.docKeys,
      libraryKeys: roles.libraryKeys,
      grant: { endsOn: inspectorGrants.endsOn, canDownload: inspectorGrants.canDownload },
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(members, and(eq(members.projectId, projects.id), eq(members.userId, auth.user.id)))
    .leftJoin(roles, eq(roles.id, members.roleId))
    .leftJoin(inspectorGrants, sql`${inspectorGrants.id} = ${inspectorGrantOf(auth)}`)
    .where(and(eq(projects.id, projectId), visibleProjects(auth)));
  if (!row) fail('not_found');
  const { p } = row;
  if (p.endDate && p.endDate < new Date().toISOString().slice(0, 10)) fail('project_expired');
  // A company administrator who is not a member enters with full rights as COMPANY_ADMIN (SPEC §6); an invited
  // inspector who is neither enters as INSPECTOR (issue 11).
  const inspector = !row.roleCode && !isManager(auth) && row.grant ? row.grant : null;
  const roleCode = row.roleCode ?? (inspector ? RoleCode.Inspector : RoleCode.CompanyAdmin);
  await deps.db
    .update(sessions)
    .set({ projectId: p.id, roleCode, idleMinutes: p.idleMinutes, lastSeenAt: new Date() })
    .where(eq(sessions.id, sessionIdOf(auth)));
  // The rights as every later request of this session will see them: read back through the same look-up.
  const { session } = await authenticateSession(deps.db, sessionIdOf(auth));
  const rights = projectRightsOf({
    ...standingOf(session),
    roleDocKeys: row.docKeys ?? [],
    roleLibraryKeys: row.libraryKeys ?? [],
  });
  return {
    roleCode,
    libraryFolder: p.libraryFolder,
    studyId: p.id,
    studyName: p.name,
    idleTime: p.idleMinutes,
    pageSize: p.pageSize,
    reviewOpen: p.reviewOpen,
    qcOpen: p.qcOpen,
    approveOpen: p.approveOpen,
    allowedFileTypes: p.allowedFileTypes,
    authorities: row.docKeys ?? [],
    closed: p.closed,
    inspector,
    rights,
  };
}

export async function toggleMark(deps: Deps, auth: AuthContext, projectId: number): Promise<{ mark: boolean }> {
  const [visible] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.id, projectId), visibleProjects(auth)));
  if (!visible) fail('not_found');
  const removed = await deps.db
    .delete(favourites)
    .where(and(eq(favourites.userId, auth.user.id), eq(favourites.projectId, projectId)))
    .returning();
  if (removed.length > 0) return { mark: false };
  await deps.db.insert(favourites).values({ userId: auth.user.id, projectId }).onConflictDoNothing();
  return { mark: true };
}

/** GET /common/company: the companies the caller may manage from the picker. */
export async function manageableCompanies(deps: Deps, auth: AuthContext) {
  if (!isManager(auth) || auth.user.companyId === null) return [];
  const rows = await deps.db
    .select()
    .from(companies)
    .where(and(eq(companies.id, auth.user.companyId), eq(companies.enabled, true)));
  return rows.map((c) => ({ company_id: c.id, company_name: c.name }));
}

export async function enterCompany(deps: Deps, auth: AuthContext, companyId: number) {
  const [company] = (await manageableCompanies(deps, auth)).filter((c) => c.company_id === companyId);
  if (!company) fail('forbidden');
  await deps.db
    .update(sessions)
    .set({ projectId: null, roleCode: RoleCode.CompanyAdmin, idleMinutes: deps.config.SESSION_IDLE_MINUTES })
    .where(eq(sessions.id, sessionIdOf(auth)));
  return { roleCode: RoleCode.CompanyAdmin, companyId: company.company_id, companyName: company.company_name };
}
