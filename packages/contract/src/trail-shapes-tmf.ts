import { z } from 'zod';
import { QUALITY_ISSUE_ACTIONS, QUALITY_ISSUE_CATEGORIES, QUALITY_ISSUE_STATES } from './quality-issue.ts';
import { TMF_GROUP_BYS } from './tmf-health.ts';
import { TMF_MODEL_STATES } from './tmf-model.ts';
import { coded, id, optText, sha, text } from './trail-shapes.ts';

/* The value shapes of TMF health's trail rows (issue 27): models, milestones, countries, expected documents, quality
 * issues, the timeliness target. trail.ts pairs them with trail and object types as it does trail-shapes.ts's. */

/** A company's milestone type (issue 27 part 3). */
export const milestoneTypeShape = z.object({
  code: text,
  nameEn: text,
  nameZh: text,
  level: coded(text, ['trial', 'country', 'site']),
  position: z.number(),
});
/** A country of a project (issue 27 part 3). */
export const country = z.object({ code: text, name: text });
/**
 * One milestone's dates (issue 27 part 3): the type by its code, its place (the country's code, the site's code; null
 * at the levels above) and the dates, yyyy-mm-dd or null.
 */
export const milestoneDates = z.object({
  milestone: text,
  country: optText,
  site: optText,
  planned: optText,
  actual: optText,
});
/** A project's TMF timeliness target (issue 27 part 6): days, counted as calendar or working days. */
export const tmfTargetShape = z.object({ days: z.number(), unit: coded(text, ['calendar', 'working']) });
/**
 * An export of the TMF health dashboard (issue 27 part 6): its format, grouping and scope (the country's and the
 * site's codes, null when not narrowed), and the file's sha256 (the zip's too, counted as it streams).
 */
export const tmfHealthExport = z.object({
  format: coded(text, ['xlsx', 'pdf', 'zip']),
  groupBy: coded(text, TMF_GROUP_BYS),
  country: optText,
  site: optText,
  sha256: sha.optional(),
  /** The recomputable package (zip, part 8): the rows of each CSV it carries. */
  itemsExported: z.number().optional(),
  filingsExported: z.number().optional(),
  documentsExported: z.number().optional(),
  qcStagesExported: z.number().optional(),
  issuesExported: z.number().optional(),
});
/**
 * An export of the TMF index (issue 27 part 7): its format, scope (the country's and the site's codes, null when not
 * narrowed), what it listed (artifacts, expected items by state, documents) and the file's sha256.
 */
export const tmfIndexExport = z.object({
  format: coded(text, ['pdf', 'xlsx']),
  country: optText,
  site: optText,
  artifactsListed: z.number(),
  itemsExpected: z.number(),
  itemsFiled: z.number(),
  itemsMissing: z.number(),
  itemsOverdue: z.number(),
  itemsNotApplicable: z.number(),
  documentsListed: z.number(),
  sha256: sha,
});
/** A member's weekly mail of the dashboard (issue 27 part 6): on or off, and the grouping of its PDF. */
export const tmfHealthMailShape = z.object({
  subscribed: z.boolean(),
  groupBy: coded(text, TMF_GROUP_BYS).nullable(),
});
/**
 * An expected document (issue 27 part 4): its artifact by number, its place by the country's and site's codes (null
 * at the levels above), its occurrence, due date (yyyy-mm-dd or null), state and the reason it is not applicable.
 */
export const expectedItemShape = z.object({
  artifact: text,
  level: coded(text, ['trial', 'country', 'site']),
  country: optText,
  site: optText,
  occurrence: z.number(),
  dueDate: optText,
  state: coded(text, ['expected', 'filed', 'not_applicable']),
  reason: optText,
});
/**
 * One step of a quality issue on its document (issue 27 part 5): the issue by number, the step, its category, the
 * state it leaves, the assignee, and the text of the step (the comment raising or reopening it, the resolution,
 * the waiver's reason). `before` is the state and assignee it found (absent when raised).
 */
export const qualityIssueStep = z.object({
  qualityIssue: id,
  issueStep: coded(text, ['raise', ...QUALITY_ISSUE_ACTIONS]),
  issueCategory: coded(text, QUALITY_ISSUE_CATEGORIES),
  issueState: coded(text, QUALITY_ISSUE_STATES),
  assigneeId: id,
  versionNo: optText.optional(),
  page: z.number().nullable().optional(),
  comment: optText.optional(),
  resolution: optText.optional(),
  reason: optText.optional(),
});
export const qualityIssueBefore = z.object({
  qualityIssue: id,
  issueState: coded(text, QUALITY_ISSUE_STATES),
  assigneeId: id,
});
/** A document linked to (or unlinked from) an expected document: by a person, or by filing (auto). */
export const expectedLink = z.object({ expectedItem: text, document: text, linked: z.boolean(), auto: z.boolean() });
/** One regeneration of a project's expected documents: how many items it added, re-dated, dropped, left. */
export const expectedGeneration = z.object({
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  kept: z.number(),
});
/**
 * A TMF model as the trail keeps it (issue 27): what it is, how large, and the sha256 of its whole content (its zones,
 * sections and artifacts as the detail answer gives them, as JSON), so a row proves which content a version held.
 * origin: how the version came to be; basedOn: the version it was copied from ("name vN").
 */
export const tmfModel = z.object({
  name: text,
  version: z.number(),
  state: coded(text, TMF_MODEL_STATES),
  source: optText,
  zoneCount: z.number(),
  sectionCount: z.number(),
  artifactCount: z.number(),
  treeSha256: sha,
  origin: coded(text, ['created', 'imported', 'version']).optional(),
  basedOn: text.optional(),
});
/** A draft's content replaced: the numbers (of zones, sections and artifacts) added, removed and changed. */
export const tmfModelChange = tmfModel.extend({
  numbersAdded: z.array(text),
  numbersRemoved: z.array(text),
  numbersChanged: z.array(text),
});
