import { z } from 'zod';
import { calendarDate, ID_MAX } from './fields.ts';
import { reportExportFormat } from './report-export.ts';

/**
 * The ready-made System Report (issue 14): each report is a chart and a table the database computes from the
 * project's rows, filtered by days, folder, site and status, and exported as the table it shows.
 */
export const SYSTEM_REPORTS = [
  'docsByStatus',
  'docsByFolder',
  'docsBySite',
  'docsByType',
  'docsFiledPerMonth',
  'openTasks',
  'overdueTasks',
  'stageDurations',
  'stageRejections',
  'timeliness',
  'expiring',
  'userActivity',
] as const;
export type SystemReportKey = (typeof SYSTEM_REPORTS)[number];

export type ReportFilterName = 'dates' | 'folder' | 'site' | 'status' | 'days';
export type ReportFamily = 'documents' | 'workflow' | 'timeliness' | 'activity';

/**
 * Which filters each report reads (the web shows only those) and what its days mean: documents by the day they were
 * filed (created), tasks by the day they were opened, stages by the day they closed, archives by the day they were
 * archived, activity by the day of the trail row; all days in the project's time zone.
 */
export const REPORT_SHAPE: Record<SystemReportKey, { family: ReportFamily; filters: ReportFilterName[] }> = {
  docsByStatus: { family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
  docsByFolder: { family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
  docsBySite: { family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
  docsByType: { family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
  docsFiledPerMonth: { family: 'documents', filters: ['dates', 'folder', 'site', 'status'] },
  openTasks: { family: 'workflow', filters: ['dates', 'folder', 'site'] },
  overdueTasks: { family: 'workflow', filters: ['dates', 'folder', 'site'] },
  stageDurations: { family: 'workflow', filters: ['dates', 'folder', 'site'] },
  stageRejections: { family: 'workflow', filters: ['dates', 'folder', 'site'] },
  timeliness: { family: 'timeliness', filters: ['dates', 'folder', 'site'] },
  expiring: { family: 'timeliness', filters: ['days', 'folder', 'site', 'status'] },
  userActivity: { family: 'activity', filters: ['dates'] },
};

/** "Expiring in the next N days": the default N and its bounds. */
export const EXPIRING_DAYS = { default: 30, max: 3650 } as const;

const id = z.coerce.number('invalid_value').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value');

/** The filters of every report; a report ignores those it does not read (REPORT_SHAPE). */
export const reportFilters = z.object({
  dateFrom: calendarDate.optional(),
  dateTo: calendarDate.optional(),
  /** The folder and its subfolders. */
  folderId: id.optional(),
  siteId: id.optional(),
  status: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(9, 'invalid_value')
    .optional(),
  days: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(EXPIRING_DAYS.max, 'invalid_value')
    .default(EXPIRING_DAYS.default),
});

const startBeforeEnd = (v: { dateFrom?: string; dateTo?: string }, ctx: z.RefinementCtx) => {
  if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
    ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'start_after_end' });
};

export const systemReportKey = z.enum(SYSTEM_REPORTS, 'invalid_value');

/** GET /report/system/data: one report with its filters. */
export const systemReportQuery = reportFilters.extend({ key: systemReportKey }).superRefine(startBeforeEnd);
export type SystemReportQuery = z.infer<typeof systemReportQuery>;

/** GET /report/system/export: the same, as a file. */
export const systemReportExportQuery = reportFilters
  .extend({ key: systemReportKey, format: reportExportFormat.default('xlsx') })
  .superRefine(startBeforeEnd);

/**
 * What a click on a bar or a row opens: the document list (the search page) with these filters, or one document
 * (fileId). Documents "filed" between two days are those created then.
 */
export const reportOpen = z.object({
  status: z.number().optional(),
  folderId: z.number().optional(),
  siteId: z.number().optional(),
  type: z.string().optional(),
  filedFrom: z.string().optional(),
  filedTo: z.string().optional(),
  /** Documents with an open task of this person, overdue (true) or not yet (false) when said. */
  taskUserId: z.number().optional(),
  taskOverdue: z.boolean().optional(),
  fileId: z.number().optional(),
});
export type ReportOpen = z.infer<typeof reportOpen>;

const cell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof cell>;

export const reportColumn = z.object({
  title: z.string(),
  /** How the web aligns and formats it; numbers stay numbers in the Excel export. */
  kind: z.enum(['text', 'number', 'date', 'percent', 'bytes']),
});
export type ReportColumn = z.infer<typeof reportColumn>;

/** One bar, point or slice of the chart, already labelled in the caller's language. */
export const reportPoint = z.object({
  label: z.string(),
  value: z.number(),
  series: z.string().optional(),
  open: reportOpen.nullable(),
});
export type ReportPoint = z.infer<typeof reportPoint>;

export const reportRow = z.object({ cells: z.array(cell), open: reportOpen.nullable() });
export type ReportRow = z.infer<typeof reportRow>;

/** GET /report/system/list: the ready-made reports, each named in the reader's language, with the filters it reads. */
export const systemReportCatalogue = z.array(
  z.object({ key: z.string(), title: z.string(), family: z.string(), filters: z.array(z.string()) }),
);

/** A report as the page draws it: its chart and its table. */
export const reportAnswer = z.object({
  title: z.string(),
  chart: z.enum(['bar', 'hbar', 'line', 'pie']),
  points: z.array(reportPoint),
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  /** The zone the days and months are counted in (the project's). */
  timeZone: z.string(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** GET /company/report: the company administrator's figures per project (the system administrator names one). */
export const companyReportQuery = z.object({ companyId: id.optional() });
export const companyReportExportQuery = companyReportQuery.extend({ format: reportExportFormat.default('xlsx') });

export const companyProjectFigures = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  documents: z.number(),
  openTasks: z.number(),
  overdueTasks: z.number(),
  members: z.number(),
  /** Bytes of the distinct contents its versions hold (a content uploaded twice is stored once). */
  storageBytes: z.number(),
});
export type CompanyProjectFigures = z.infer<typeof companyProjectFigures>;
export const companyReport = z.array(companyProjectFigures);
