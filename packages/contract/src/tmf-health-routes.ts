import { noData } from './envelope.ts';
import { defineRoute, rawAnswer } from './route.ts';
import {
  tmfCompanyQuery,
  tmfCompanyView,
  tmfExportQuery,
  tmfIssuePage,
  tmfIssuesQuery,
  tmfItemPage,
  tmfItemsQuery,
  tmfLatePage,
  tmfLateQuery,
  tmfSummary,
  tmfSummaryQuery,
  tmfTargetBody,
} from './tmf-health.ts';
import { tmfMailBody, tmfMailState } from './tmf-health-mail.ts';
import { tmfIndexQuery } from './tmf-index.ts';

/**
 * Issue 27 part 6: the TMF health dashboard. /tmf-health/* reads the entered project (any member; what counts
 * follows their rights), /manage/tmf/target is the project administrator's, /tmf-health/company the company
 * administrator's (the system administrator naming the company, as /tmf-model/*).
 */
export const tmfHealthRoutes = {
  /** The figures of everything, per group and the 12-week trend; 409 tmf_model_none without a model. */
  summary: defineRoute('GET', '/tmf-health/summary', { query: tmfSummaryQuery, response: tmfSummary }),
  /** The drill-down of an item figure: missing (open), overdue, filed, not applicable. */
  items: defineRoute('GET', '/tmf-health/items', { query: tmfItemsQuery, response: tmfItemPage }),
  /** Documents filed after the target. */
  late: defineRoute('GET', '/tmf-health/late', { query: tmfLateQuery, response: tmfLatePage }),
  /** Open and resolved quality issues. */
  issues: defineRoute('GET', '/tmf-health/issues', { query: tmfIssuesQuery, response: tmfIssuePage }),
  /** The summary as a workbook (Summary, Groups, Trend), a PDF or the recomputable package (zip). */
  export: defineRoute('GET', '/tmf-health/export', { query: tmfExportQuery, response: rawAnswer }),
  /** The TMF index for inspection (part 7): every artifact, its items, documents and gaps, as PDF or workbook. */
  index: defineRoute('GET', '/tmf-health/index', { query: tmfIndexQuery, response: rawAnswer }),
  /** The caller's weekly mail of the dashboard in the entered project. */
  mail: defineRoute('GET', '/tmf-health/mail', { response: tmfMailState }),
  /** Subscribes or unsubscribes the caller (only themself) to the weekly mail. */
  setMail: defineRoute('POST', '/tmf-health/mail', { body: tmfMailBody, response: noData }),
  /** Sets the project's timeliness target (days, calendar or working). */
  target: defineRoute('POST', '/manage/tmf/target', { body: tmfTargetBody, response: noData }),
  /** Every project of the company with its figures over everything. */
  company: defineRoute('GET', '/tmf-health/company', { query: tmfCompanyQuery, response: tmfCompanyView }),
};
