import { z } from 'zod';
import { IMPORT_ROW_STATES, IMPORT_STATES } from './exchange-import.ts';
import { calendarDate, idField, optionalText } from './fields.ts';
import { pageFields } from './paging.ts';

/*
 * Exchange part 3 (issue 28, docs/exchange.md): bulk import of a zip (a folder zipped) without EMS metadata, with an
 * optional spreadsheet (a separate part, or metadata.xlsx / metadata.csv at the zip's root). Upload → checks and
 * preview (a job: one row per file, the spreadsheet's values, suggestions for the rest) → the user's corrections and
 * decisions → filing (a job, resumable by row). Mirrors the EMS import's contract (exchange-import.ts), whose states
 * it shares (the same exchange_imports rows); the web (features/bulk-import) and the server (modules/bulk-import)
 * read this one file.
 */

export const BULK_DECISIONS = ['accept', 'skip'] as const;
export type BulkDecision = (typeof BULK_DECISIONS)[number];
export const BULK_LEVELS = ['trial', 'country', 'site'] as const;
/** Where a row's value came from: the spreadsheet, the suggestion engine, or a user's correction. */
export const BULK_VALUE_FROM = ['sheet', 'suggestion', 'user'] as const;
export type BulkValueFrom = (typeof BULK_VALUE_FROM)[number];

/**
 * What a row may carry. Blocking ones keep it from being filed until corrected: unknown_artifact, unknown_site,
 * unknown_country (a spreadsheet value the project lacks, params.column names the column), no_artifact (neither the
 * spreadsheet nor a suggestion gave one), no_folder, no_rights, unreadable_file (the text could not be read: only a
 * note, the file is still filed), bad_date (a spreadsheet date that does not read, a note), sheet_unmatched (a
 * spreadsheet line naming a file the zip lacks, a note on the import).
 */
export const BULK_PROBLEMS = [
  'unknown_artifact',
  'unknown_site',
  'unknown_country',
  'bad_level',
  'no_artifact',
  'no_folder',
  'no_rights',
  'unreadable_file',
  'bad_date',
  'sheet_unmatched',
] as const;
export type BulkProblemCode = (typeof BULK_PROBLEMS)[number];
/** The spreadsheet's columns in order (the template's headers are these, in the caller's language). */
export const BULK_SHEET_COLUMNS = [
  'file',
  'artifact',
  'level',
  'country',
  'site',
  'documentDate',
  'name',
  'version',
] as const;
export type BulkSheetColumn = (typeof BULK_SHEET_COLUMNS)[number];
/** The most files a zip may hold for a bulk import, and the most rows one call may name. */
export const BULK_FILES_MAX = 5000;
export const BULK_ROWS_MAX = 1000;
/** A suggestion below this confidence counts as low (the lowConfidence filter and summary). */
export const BULK_LOW_CONFIDENCE = 0.5;

export const bulkListQuery = z.object({ ...pageFields(100, 20) });

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
  state: z.enum(IMPORT_STATES),
  packageName: z.string(),
  packageSize: z.number().nullable(),
  /** The spreadsheet's name (a separate part, or metadata.xlsx / .csv at the zip's root), null without one. */
  sheetName: z.string().nullable(),
  /** The spreadsheet's lines naming a file the zip lacks (the first 100, by line): nothing is filed for them. */
  unmatched: z.array(z.object({ line: z.number(), file: z.string() })),
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
  state: z.enum(IMPORT_ROW_STATES),
  documentId: z.number().nullable(),
  error: z.string().nullable(),
});
export type BulkRow = z.infer<typeof bulkRow>;
export const bulkRowPage = z.object({ total: z.number(), rows: z.array(bulkRow) });
export type BulkRowPage = z.infer<typeof bulkRowPage>;

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
    .max(BULK_ROWS_MAX, 'too_long'),
});
export type BulkRowsBody = z.input<typeof bulkRowsBody>;
export const bulkAcceptBody = z.object({ rowIds: z.array(idField).max(BULK_ROWS_MAX, 'too_long').optional() });
