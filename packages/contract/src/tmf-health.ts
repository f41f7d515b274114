import { z } from 'zod';
import { pageFields } from './paging.ts';
import { companyScopeQuery } from './company.ts';
import { optionalIdParam } from './fields.ts';
import { QUALITY_ISSUE_CATEGORIES, QUALITY_ISSUE_STATES } from './quality-issue.ts';
import { TMF_LEVELS } from './tmf-model.ts';

/**
 * Issue 27 part 6: the TMF health figures (completeness, timeliness, quality) of the entered project, their
 * drill-down lists, the export and the company's view. Every count is over what the caller may see: items and
 * documents of artifacts whose folders they may view (a project administrator: all) and, for a member limited to
 * sites, only the site-level items and site documents of their sites. docs/tmf-health.md holds the rules.
 */

/** How the timeliness target counts days: every day, or Monday to Friday (no holiday calendar). */
export const TMF_TARGET_UNITS = ['calendar', 'working'] as const;
export type TmfTargetUnit = (typeof TMF_TARGET_UNITS)[number];
export const TMF_TARGET_DAYS_MAX = 365;

/** The project's timeliness target: a document is on time when filed within `days` of its document date. */
export const tmfTarget = z.object({ days: z.number(), unit: z.enum(TMF_TARGET_UNITS) });
export type TmfTarget = z.infer<typeof tmfTarget>;

/** POST /manage/tmf/target (the project administrator; default 30 calendar days). */
export const tmfTargetBody = z.object({
  days: z.number('required').int('invalid_value').min(1, 'invalid_value').max(TMF_TARGET_DAYS_MAX, 'invalid_value'),
  unit: z.enum(TMF_TARGET_UNITS, 'required'),
});
export type TmfTargetBody = z.infer<typeof tmfTargetBody>;

const ratio = z.number().nullable();

/** The figures of one group (or of everything); a ratio is 0..1, null when its denominator is 0. */
export const tmfFigures = z.object({
  /** Items not removed and not N/A. */
  expected: z.number(),
  filed: z.number(),
  notApplicable: z.number(),
  /** expected − filed. */
  open: z.number(),
  /** Open items whose due date is before today. */
  overdue: z.number(),
  /** Expected items (not N/A) due on or before today, and of those the filed ones. */
  dueByToday: z.number(),
  filedDueByToday: z.number(),
  /** filed ÷ expected. */
  completeness: ratio,
  /** filedDueByToday ÷ dueByToday. */
  completenessDue: ratio,
  timeliness: z.object({
    /** Documents with an artifact and a document date, not deleted. */
    documents: z.number(),
    withinTarget: z.number(),
    pct: ratio,
    /** The median of (creation day − document date) in calendar days. */
    medianDays: z.number().nullable(),
  }),
  quality: z.object({
    /** Closed QC stages (passed or rejected), and the rejected ones. */
    qcDecided: z.number(),
    qcRejected: z.number(),
    rejectionRate: ratio,
    /** Documents whose first closed QC stage passed ÷ documents with a closed QC stage. */
    firstTimeRight: ratio,
    openIssues: z.number(),
    /** Open and resolved issues by category (every category present, 0 when none). */
    issuesByCategory: z.record(z.enum(QUALITY_ISSUE_CATEGORIES), z.number()),
  }),
});
export type TmfFigures = z.infer<typeof tmfFigures>;

/** How the summary splits its figures. 'person': by the documents' creator. */
export const TMF_GROUP_BYS = ['level', 'country', 'site', 'zone', 'section', 'artifact', 'person'] as const;
export type TmfGroupBy = (typeof TMF_GROUP_BYS)[number];

const groupBy = z.enum(TMF_GROUP_BYS, 'invalid_value').default('zone');
/** A group's key as the summary answers it (a level's name, an id, 'none' for documents without a country etc.). */
const groupKey = z.string().trim().max(64, 'too_long').optional();

/** Narrows every figure to one country or one site of the project (a site of another project counts nothing). */
const scope = z.object({ countryId: optionalIdParam, siteId: optionalIdParam });

export const tmfSummaryQuery = scope.extend({ groupBy });
export type TmfSummaryQuery = z.infer<typeof tmfSummaryQuery>;

export const tmfGroup = z.object({
  key: z.string(),
  /** Number and name in the caller's language (zone, section, artifact); code and name (country); name (site,
   * person, level). */
  label: z.string(),
  figures: tmfFigures,
});
export type TmfGroup = z.infer<typeof tmfGroup>;

/** One week of the trend, ending on a Sunday (UTC); the rules are in docs/tmf-health.md. */
export const tmfTrendPoint = z.object({
  weekEnd: z.string(),
  completeness: ratio,
  completenessDue: ratio,
  timelinessPct: ratio,
  rejectionRate: ratio,
});
export type TmfTrendPoint = z.infer<typeof tmfTrendPoint>;

/** GET /tmf-health/summary: the target, the figures of everything, per group, and the last 12 weeks, oldest first. */
export const tmfSummary = z.object({
  target: tmfTarget,
  total: tmfFigures,
  groups: z.array(tmfGroup),
  trend: z.array(tmfTrendPoint),
});
export type TmfSummary = z.infer<typeof tmfSummary>;

export const TMF_HEALTH_PAGE_MAX = 100;
const page = z.object({
  ...pageFields(TMF_HEALTH_PAGE_MAX, 20),
});
/** The drill-downs take a group of the summary (groupBy + key) and the summary's scope. */
const drill = scope.extend({ groupBy, key: groupKey }).extend(page.shape);

export const TMF_ITEM_LISTS = ['missing', 'overdue', 'filed', 'not_applicable'] as const;
export type TmfItemList = (typeof TMF_ITEM_LISTS)[number];

/** GET /tmf-health/items: missing = open items, overdue = open past due, filed, not_applicable. */
export const tmfItemsQuery = drill.extend({ list: z.enum(TMF_ITEM_LISTS, 'required') });
export type TmfItemsQuery = z.infer<typeof tmfItemsQuery>;

export const tmfItemRow = z.object({
  id: z.number(),
  artifactNumber: z.string(),
  /** In the caller's language (English where the artifact has no Chinese name). */
  artifactName: z.string(),
  level: z.enum(TMF_LEVELS),
  countryCode: z.string().nullable(),
  siteName: z.string().nullable(),
  occurrence: z.number(),
  dueDate: z.string().nullable(),
  state: z.enum(['expected', 'filed', 'not_applicable']),
  overdue: z.boolean(),
  documents: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TmfItemRow = z.infer<typeof tmfItemRow>;
export const tmfItemPage = z.object({ items: z.array(tmfItemRow), total: z.number() });

/** GET /tmf-health/late: documents filed after the target (latest first). */
export const tmfLateQuery = drill;
export type TmfLateQuery = z.infer<typeof tmfLateQuery>;
export const tmfLateRow = z.object({
  documentId: z.number(),
  name: z.string(),
  artifactNumber: z.string(),
  documentDate: z.string(),
  /** The document's creation day in edoc (UTC), yyyy-mm-dd. */
  filedOn: z.string(),
  /** Calendar days, or working days when the target counts those. */
  days: z.number(),
  createdByName: z.string(),
});
export type TmfLateRow = z.infer<typeof tmfLateRow>;
export const tmfLatePage = z.object({ items: z.array(tmfLateRow), total: z.number() });

/** GET /tmf-health/issues: open and resolved quality issues (the ones the figures count), newest first. */
export const tmfIssuesQuery = drill.extend({ category: z.enum(QUALITY_ISSUE_CATEGORIES, 'invalid_value').optional() });
export type TmfIssuesQuery = z.infer<typeof tmfIssuesQuery>;
export const tmfIssueRow = z.object({
  id: z.number(),
  documentId: z.number(),
  documentName: z.string(),
  category: z.enum(QUALITY_ISSUE_CATEGORIES),
  state: z.enum(QUALITY_ISSUE_STATES),
  assigneeName: z.string(),
  createdAt: z.string(),
});
export type TmfIssueRow = z.infer<typeof tmfIssueRow>;
export const tmfIssuePage = z.object({ items: z.array(tmfIssueRow), total: z.number() });

/**
 * GET /tmf-health/export: the summary in the caller's language, as a workbook (sheets Summary, Groups, Trend), as
 * a PDF (A4 landscape: the figures, the groups and the trend) or as the recomputable package (zip: the figures, the
 * rows they are counted from as CSV and a plain SQL an inspector runs to count them again; issue 27 part 8).
 */
export const TMF_EXPORT_FORMATS = ['xlsx', 'pdf', 'zip'] as const;
export type TmfExportFormat = (typeof TMF_EXPORT_FORMATS)[number];
export const tmfExportQuery = tmfSummaryQuery.extend({
  format: z.enum(TMF_EXPORT_FORMATS, 'invalid_value').default('xlsx'),
});
export type TmfExportQuery = z.infer<typeof tmfExportQuery>;

/** GET /tmf-health/company: every project of the company, its figures over everything (null without a model). */
export const tmfCompanyQuery = companyScopeQuery;
export const tmfCompanyProject = z.object({
  projectId: z.number(),
  name: z.string(),
  code: z.string(),
  modelChosen: z.boolean(),
  total: tmfFigures.nullable(),
});
export const tmfCompanyView = z.object({ projects: z.array(tmfCompanyProject) });
export type TmfCompanyView = z.infer<typeof tmfCompanyView>;
