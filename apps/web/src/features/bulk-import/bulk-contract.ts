import { z } from 'zod';
import { calendarDate, fileOnly, idField, idParams, optionalText } from '@edoc/contract/fields';
import { pageFields } from '@edoc/contract/paging';
import { defineRoute, rawAnswer } from '@edoc/contract/route';

/*
 * PROVISIONAL (session 21, helper H3): the bulk import's contract as these pages expect it, written here because
 * packages/contract/src/bulk-import.ts and bulk-import-routes.ts (helper H2's) had not landed when the pages were
 * built. It mirrors the EMS import's contract (exchange-import.ts). When the real files land, the pages import them
 * instead (one import line per file) and this file is deleted; any difference in names is fixed then.
 */

export const BULK_STATES = ['uploaded', 'validating', 'preview', 'filing', 'done', 'failed', 'cancelled'] as const;
export type BulkImportState = (typeof BULK_STATES)[number];
export const BULK_DECISIONS = ['accept', 'skip'] as const;
export type BulkDecision = (typeof BULK_DECISIONS)[number];
export const BULK_ROW_STATES = ['pending', 'filed', 'failed', 'skipped'] as const;
export const BULK_LEVELS = ['trial', 'country', 'site'] as const;
/** Where a row's value came from: the spreadsheet, the suggestion engine, or a user's correction. */
export const BULK_VALUE_FROM = ['sheet', 'suggestion', 'user'] as const;
export type BulkValueFrom = (typeof BULK_VALUE_FROM)[number];

const person = z.object({ id: z.number(), name: z.string() });

export const bulkSummary = z.object({
  files: z.number(),
  problems: z.number(),
  lowConfidence: z.number(),
  accepted: z.number(),
  skipped: z.number(),
  undecided: z.number(),
  filed: z.number(),
  failed: z.number(),
});
export type BulkSummary = z.infer<typeof bulkSummary>;

export const bulkImportView = z.object({
  id: z.number(),
  state: z.enum(BULK_STATES),
  packageName: z.string(),
  packageSize: z.number().nullable(),
  /** The spreadsheet's name (a separate part, or metadata.xlsx / .csv at the zip's root), null without one. */
  sheetName: z.string().nullable(),
  summary: bulkSummary,
  progress: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  user: person,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkImportView = z.infer<typeof bulkImportView>;
export const bulkPage = z.object({ total: z.number(), rows: z.array(bulkImportView) });

/** A suggestion with how sure (0–1) and why (short, in the reader's language). */
const scored = <T extends z.ZodType>(value: T) => z.object({ value, confidence: z.number(), why: z.string() });
const fromOf = z.enum(BULK_VALUE_FROM).nullable();

export const bulkRow = z.object({
  id: z.number(),
  rowNo: z.number(),
  /** The file's path in the zip. */
  path: z.string(),
  size: z.number(),
  target: z.object({
    artifactId: z.number().nullable(),
    folderId: z.number().nullable(),
    level: z.enum(BULK_LEVELS),
    countryId: z.number().nullable(),
    siteId: z.number().nullable(),
    documentDate: z.string().nullable(),
    name: z.string(),
    version: z.string().nullable(),
  }),
  from: z.object({
    artifact: fromOf,
    level: fromOf,
    country: fromOf,
    site: fromOf,
    documentDate: fromOf,
    name: fromOf,
    version: fromOf,
  }),
  suggestions: z.object({
    /** The top 3, best first. */
    artifacts: z.array(scored(z.number())),
    site: scored(z.number()).nullable(),
    documentDate: scored(z.string()).nullable(),
    title: scored(z.string()).nullable(),
  }),
  problems: z.array(
    z.object({
      code: z.string(),
      params: z.record(z.string(), z.string()),
      blocking: z.boolean(),
      message: z.string(),
    }),
  ),
  decision: z.enum(BULK_DECISIONS).nullable(),
  state: z.enum(BULK_ROW_STATES),
  documentId: z.number().nullable(),
  error: z.string().nullable(),
});
export type BulkRow = z.infer<typeof bulkRow>;
export const bulkRowPage = z.object({ total: z.number(), rows: z.array(bulkRow) });

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean('invalid_value'));
export const bulkRowsQuery = z.object({
  ...pageFields(200, 50),
  problemOnly: flag.optional(),
  lowConfidence: flag.optional(),
  decision: z.enum([...BULK_DECISIONS, 'none'], 'invalid_value').optional(),
});

/** A correction: only what is given changes. */
export const bulkTargetInput = z.object({
  artifactId: idField.optional(),
  level: z.enum(BULK_LEVELS, 'invalid_value').optional(),
  countryId: idField.nullable().optional(),
  siteId: idField.nullable().optional(),
  documentDate: calendarDate.nullable().optional(),
  name: optionalText(),
  version: optionalText(50).nullable(),
});
export type BulkTargetInput = z.input<typeof bulkTargetInput>;
export const bulkRowsBody = z.object({
  rows: z
    .array(bulkTargetInput.extend({ id: idField, decision: z.enum(BULK_DECISIONS, 'invalid_value').optional() }))
    .min(1, 'required')
    .max(1000, 'too_long'),
});
export type BulkRowsBody = z.input<typeof bulkRowsBody>;
export const bulkAcceptBody = z.object({ rowIds: z.array(idField).max(1000, 'too_long').optional() });

export const bulkImportRoutes = {
  /** Multipart: the zip as part `file`, the spreadsheet (optional) as part `sheet`. */
  upload: defineRoute('POST', '/exchange/bulk', { multipart: fileOnly, response: bulkImportView }),
  template: defineRoute('GET', '/exchange/bulk/template', { response: rawAnswer }),
  list: defineRoute('GET', '/exchange/bulk/list', { query: z.object({ ...pageFields(100, 20) }), response: bulkPage }),
  get: defineRoute('GET', '/exchange/bulk/:id', { params: idParams, response: bulkImportView }),
  rows: defineRoute('GET', '/exchange/bulk/:id/rows', {
    params: idParams,
    query: bulkRowsQuery,
    response: bulkRowPage,
  }),
  correct: defineRoute('POST', '/exchange/bulk/:id/rows', {
    params: idParams,
    body: bulkRowsBody,
    response: bulkImportView,
  }),
  accept: defineRoute('POST', '/exchange/bulk/:id/accept', {
    params: idParams,
    body: bulkAcceptBody,
    response: bulkImportView,
  }),
  cancel: defineRoute('POST', '/exchange/bulk/:id/cancel', { params: idParams, response: bulkImportView }),
};
