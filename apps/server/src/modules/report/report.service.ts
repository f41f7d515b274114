import type { Lang } from '@edoc/contract/enums';
import {
  REPORT_SHAPE,
  SYSTEM_REPORTS,
  type ReportAnswer,
  type SystemReportKey,
  type SystemReportQuery,
} from '@edoc/contract/report';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders, sites } from '../../db/schema/projects.ts';
import type { Deps } from '../../lib/deps.ts';
import { exportTable } from '../../lib/table-export.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import {
  docsByFolder,
  docsBySite,
  docsByStatus,
  docsByType,
  docsFiledPerMonth,
  type ReportBody,
} from './report-documents.service.ts';
import { REPORT_TITLES, say, statusLabel, word } from './report-labels.ts';
import { expiring, timeliness, userActivity } from './report-time.service.ts';
import { openTasks, overdueTasks, stageDurations, stageRejections } from './report-workflow.service.ts';
import { reportScope, type ReportScope } from './report.policy.ts';

const RUN: Record<SystemReportKey, (tx: Tx, scope: ReportScope, lang: Lang) => Promise<ReportBody>> = {
  docsByStatus,
  docsByFolder,
  docsBySite,
  docsByType,
  docsFiledPerMonth,
  openTasks,
  overdueTasks,
  stageDurations,
  stageRejections,
  timeliness,
  expiring,
  userActivity,
};

/** GET /report/system/list: the ready-made reports, named in the caller's language, with the filters each reads. */
export const systemCatalogue = (lang: Lang) =>
  SYSTEM_REPORTS.map((key) => ({ key, title: say(REPORT_TITLES[key], lang), ...REPORT_SHAPE[key] }));

/** Filters a report does not read are dropped, so neither its figures nor its export's notes mention them. */
function ownFilters(q: SystemReportQuery): SystemReportQuery {
  const reads = REPORT_SHAPE[q.key].filters;
  return {
    key: q.key,
    days: q.days,
    ...(reads.includes('dates') ? { dateFrom: q.dateFrom, dateTo: q.dateTo } : {}),
    ...(reads.includes('folder') ? { folderId: q.folderId } : {}),
    ...(reads.includes('site') ? { siteId: q.siteId } : {}),
    ...(reads.includes('status') ? { status: q.status } : {}),
  };
}

/** One report, computed in one read-only transaction so its chart and table see the same rows. */
export async function systemReport(deps: Deps, ctx: ProjectContext, query: SystemReportQuery): Promise<ReportAnswer> {
  const filters = ownFilters(query);
  return deps.db.transaction(
    async (tx) => {
      const scope = await reportScope(tx, ctx, filters);
      const body = await RUN[filters.key](tx, scope, ctx.lang);
      return { title: say(REPORT_TITLES[filters.key], ctx.lang), timeZone: scope.timeZone, ...body };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The filters as the export's notes say them: names, not ids. */
async function notesOf(deps: Deps, ctx: ProjectContext, q: SystemReportQuery, timeZone: string): Promise<string[]> {
  const lang = ctx.lang;
  const reads = REPORT_SHAPE[q.key].filters;
  const notes: string[] = [];
  if (reads.includes('dates'))
    notes.push(
      `${word('dates', lang)}: ${q.dateFrom ?? '…'} – ${q.dateTo ?? '…'} (${word('timeZone', lang)} ${timeZone})`,
    );
  if (reads.includes('days')) notes.push(`${word('expiringWithin', lang)}: ${q.days}`);
  if (q.folderId) {
    const [f] = await deps.db
      .select({ name: folders.name, nameEn: folders.nameEn })
      .from(folders)
      .where(and(eq(folders.id, q.folderId), eq(folders.projectId, ctx.projectId)));
    notes.push(`${word('folder', lang)}: ${(lang === 'en-US' && f?.nameEn) || f?.name || q.folderId}`);
  }
  if (q.siteId) {
    const [s] = await deps.db
      .select({ name: sites.name })
      .from(sites)
      .where(and(eq(sites.id, q.siteId), eq(sites.projectId, ctx.projectId)));
    notes.push(`${word('site', lang)}: ${s?.name ?? q.siteId}`);
  }
  if (q.status) notes.push(`${word('status', lang)}: ${statusLabel(q.status, lang)}`);
  return notes;
}

/** The report's table as Excel, CSV or PDF, titled and noted with its filters in the caller's language. */
export async function exportSystemReport(
  deps: Deps,
  ctx: ProjectContext,
  query: SystemReportQuery & { format: ReportExportFormat },
) {
  const filters = ownFilters(query);
  const answer = await systemReport(deps, ctx, filters);
  return exportTable(
    query.format,
    {
      title: answer.title,
      notes: await notesOf(deps, ctx, filters, answer.timeZone),
      columns: answer.columns.map((c) => ({ header: c.title, width: c.kind === 'text' ? 36 : 16 })),
      rows: answer.rows.map((r) => r.cells),
    },
    ctx.lang,
  );
}
