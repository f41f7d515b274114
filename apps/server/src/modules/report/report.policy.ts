import type { ReportOpen, SystemReportQuery } from '@edoc/contract/report';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { visibleSites } from '../../access/sites.ts';
import { viewableFolderIds } from '../../access/folder-rights.ts';

/**
 * What a report may count: the documents the caller may view (viewDoc on the folder, their sites, as the list and
 * the search read them), narrowed by the report's folder (with its subfolders) and site filters. Every report's SQL
 * goes through `docs(alias)`, so no figure counts a row its reader could not open.
 */
export interface ReportScope {
  projectId: number;
  timeZone: string;
  folderIds: number[];
  sites: number[] | null;
  filters: SystemReportQuery;
}

export async function reportScope(tx: Tx, ctx: ProjectContext, filters: SystemReportQuery): Promise<ReportScope> {
  const [project] = await tx
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  return {
    projectId: ctx.projectId,
    timeZone: project?.timeZone ?? 'UTC',
    folderIds: await viewableFolderIds(tx, ctx, filters.folderId),
    sites: await visibleSites(tx, ctx),
    filters,
  };
}

/**
 * The visible documents under the filters, as a WHERE fragment on the alias `d` names. `live` leaves out the
 * recycle bin (what the lists show); activity keeps it, as the trail rows about a deleted document happened.
 */
export function docs(scope: ReportScope, opts: { status?: boolean; live?: boolean } = {}): SQL {
  const { filters: f } = scope;
  return sql`d.project_id = ${scope.projectId}
    and d.folder_id = any(${sql.param(scope.folderIds)}::int[])
    ${opts.live === false ? sql`` : sql`and d.deleted_at is null`}
    ${scope.sites ? sql`and (d.central or d.site_id = any(${sql.param(scope.sites)}::int[]))` : sql``}
    ${f.siteId ? sql`and d.site_id = ${f.siteId}` : sql``}
    ${opts.status && f.status ? sql`and d.status = ${f.status}` : sql``}`;
}

/** The day of an instant in the project's zone: reports count days and months as the project's people live them. */
export const dayOf = (scope: ReportScope, column: SQL) => sql`(${column} at time zone ${scope.timeZone})::date`;

/** Today in the project's zone. */
export const today = (scope: ReportScope) => sql`(now() at time zone ${scope.timeZone})::date`;

/** The date filter on an instant column (both days included). */
export function within(scope: ReportScope, column: SQL): SQL {
  const { dateFrom, dateTo } = scope.filters;
  return sql`${dateFrom ? sql`and ${dayOf(scope, column)} >= ${dateFrom}::date` : sql``}
    ${dateTo ? sql`and ${dayOf(scope, column)} <= ${dateTo}::date` : sql``}`;
}

/** The document-list filters a click keeps from the report's own (a bar narrows them further). */
export function openBase(scope: ReportScope, opts: { status?: boolean } = {}): ReportOpen {
  const f = scope.filters;
  const base: ReportOpen = {};
  if (f.folderId) base.folderId = f.folderId;
  if (f.siteId) base.siteId = f.siteId;
  if (opts.status && f.status) base.status = f.status;
  if (f.dateFrom) base.filedFrom = f.dateFrom;
  if (f.dateTo) base.filedTo = f.dateTo;
  return base;
}
