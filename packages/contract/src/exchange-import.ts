import { z } from 'zod';
import { calendarDate, idField, optionalText, requiredText } from './fields.ts';
import { pageFields } from './paging.ts';

/*
 * Exchange part 2 (issue 28, docs/exchange.md): importing an eTMF-EMS package into the entered project. Upload (or a
 * server path) → checks and preview (a job writing one row per OBJECTID) → the user's decisions → filing (a job,
 * resumable by row). The routes and their schemas are in this one file so the web (features/exchange-import) and
 * the server (modules/exchange/ems-import*) read the same thing.
 */

/** uploaded → validating → preview → filing → done; failed (error says why) or cancelled end it early. */
export const IMPORT_STATES = ['uploaded', 'validating', 'preview', 'filing', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** The states in which a job is working on an import (EMS or bulk): pages follow its progress. */
export const IMPORT_RUNNING_STATES: ReadonlySet<ImportState> = new Set(['uploaded', 'validating', 'filing']);
/** A row's decision: file it as a new document, leave it, or add its versions to the existing document (conflict). */
export const IMPORT_DECISIONS = ['accept', 'skip', 'new_version'] as const;
export type ImportDecision = (typeof IMPORT_DECISIONS)[number];
/** A row's filing: pending until the job files it (or finds it cannot), skipped when not accepted. */
export const IMPORT_ROW_STATES = ['pending', 'filed', 'failed', 'skipped'] as const;
/**
 * What a row may carry. Blocking ones keep it from being filed until corrected (a target chosen) or, for countries
 * and sites, the import's options create them: unknown_artifact, unknown_country, unknown_site, no_folder,
 * no_rights, missing_file, checksum_mismatch, unreadable_file, no_version. Others are notes (bad_date: a date the
 * standard's DD-MON-YYYY does not read, left empty; unknown_integrity: a hash algorithm edoc cannot check).
 */
export const IMPORT_PROBLEMS = [
  'unknown_artifact',
  'unknown_country',
  'unknown_site',
  'no_folder',
  'no_rights',
  'missing_file',
  'checksum_mismatch',
  'unreadable_file',
  'no_version',
  'bad_date',
  'unknown_integrity',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];
export const IMPORT_LEVELS = ['trial', 'country', 'site'] as const;
/** The most objects (distinct OBJECTIDs) and zip entries a package may hold. */
export const IMPORT_OBJECTS_MAX = 100_000;
/** The most rows one decision call may name. */
export const IMPORT_DECIDE_MAX = 1000;

const person = z.object({ id: z.number(), name: z.string() });

/** What the user chose for the whole import. */
export const importOptions = z.object({ createCountries: z.boolean(), createSites: z.boolean() });

/** Counts over the rows, kept on the import for the list. */
export const importSummary = z.object({
  objects: z.number(),
  versions: z.number(),
  files: z.number(),
  problems: z.number(),
  blocking: z.number(),
  conflicts: z.number(),
  accepted: z.number(),
  skipped: z.number(),
  undecided: z.number(),
  filed: z.number(),
  failed: z.number(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** One import as listed and read: the error (a package refused, a filing stopped) in the reader's language. */
export const importView = z.object({
  id: z.number(),
  kind: z.literal('ems'),
  state: z.enum(IMPORT_STATES),
  packageName: z.string(),
  packageSize: z.number().nullable(),
  sourceSystem: z.string().nullable(),
  studyId: z.string().nullable(),
  options: importOptions,
  /**
   * In preview, what the options would create (the web shows it beside each checkbox): the package's countries
   * (COUNTRYID, alpha-3) and sites (SITEID, with the name and country the package gives) the project lacks.
   */
  missing: z
    .object({
      countries: z.array(z.string()),
      sites: z.array(z.object({ siteId: z.string(), name: z.string().nullable(), countryId: z.string().nullable() })),
    })
    .optional(),
  summary: importSummary,
  /** 0–100 of the running step (checks and preview, or filing). */
  progress: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  user: person,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportView = z.infer<typeof importView>;

export const importListQuery = z.object({ ...pageFields(100, 20) });
export const importPage = z.object({ total: z.number(), rows: z.array(importView) });

/** POST /exchange/import/server: a zip or folder under the server's IMPORT_DIR (system / company administrator). */
export const importServerBody = z.object({ serverPath: requiredText(1000) });

/** A file of a source version as the package declares it, and what the checks found. */
export const importSourceFile = z.object({
  fileName: z.string(),
  contentUrl: z.string(),
  integrity: z.string(),
  size: z.number().nullable(),
  /** true: the bytes hash to INTEGRITY; false: they do not, or are missing or unreadable; null: not checkable. */
  integrityOk: z.boolean().nullable(),
});
export const importSourceVersion = z.object({
  uniqueId: z.string(),
  version: z.string(),
  state: z.string(),
  title: z.string(),
  documentDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  files: z.array(importSourceFile),
  signatures: z.number(),
  auditRecords: z.number(),
});
/** What the package says of one object (its versions in package order). */
export const importSource = z.object({
  level: z.string(),
  countryId: z.string().nullable(),
  siteId: z.string().nullable(),
  siteSystemId: z.string().nullable(),
  siteName: z.string().nullable(),
  artifactNumber: z.string(),
  versions: z.array(importSourceVersion),
});
/** Where edoc files it: the mapping's result, as the user may correct it. */
export const importTarget = z.object({
  artifactId: z.number().nullable(),
  folderId: z.number().nullable(),
  folderName: z.string().nullable(),
  level: z.enum(IMPORT_LEVELS),
  countryId: z.number().nullable(),
  siteId: z.number().nullable(),
  documentDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  name: z.string(),
});
export type ImportTarget = z.infer<typeof importTarget>;
export const importProblem = z.object({
  code: z.enum(IMPORT_PROBLEMS),
  params: z.record(z.string(), z.string()),
  blocking: z.boolean(),
  message: z.string(),
});
export const importRow = z.object({
  id: z.number(),
  rowNo: z.number(),
  objectId: z.string(),
  title: z.string(),
  source: importSource,
  target: importTarget,
  problems: z.array(importProblem),
  conflict: z.enum(['none', 'exists']),
  existingDocumentId: z.number().nullable(),
  decision: z.enum(IMPORT_DECISIONS).nullable(),
  state: z.enum(IMPORT_ROW_STATES),
  documentId: z.number().nullable(),
  error: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean('invalid_value'));
export const importRowsQuery = z.object({
  ...pageFields(200, 50),
  problemOnly: flag.optional(),
  conflictOnly: flag.optional(),
  /** A decision, or 'none' for the undecided. */
  decision: z.enum([...IMPORT_DECISIONS, 'none'], 'invalid_value').optional(),
});
export const importRowPage = z.object({ total: z.number(), rows: z.array(importRow) });
export type ImportRowPage = z.infer<typeof importRowPage>;

/** A corrected target: only what is given changes; folderId implies its artifact. */
export const importTargetInput = z.object({
  folderId: idField.optional(),
  countryId: idField.nullable().optional(),
  siteId: idField.nullable().optional(),
  documentDate: calendarDate.nullable().optional(),
  name: optionalText(),
});
/** POST /exchange/import/:id/rows: decisions for some rows, or for all; and the import's options. */
export const importDecideBody = z
  .object({
    rows: z
      .array(
        z.object({
          id: idField,
          decision: z.enum(IMPORT_DECISIONS, 'invalid_value'),
          target: importTargetInput.optional(),
        }),
        'invalid_value',
      )
      .max(IMPORT_DECIDE_MAX, 'too_long')
      .optional(),
    all: z.enum(['accept', 'skip'], 'invalid_value').optional(),
    options: importOptions.partial().optional(),
  })
  .refine((b) => b.rows !== undefined || b.all !== undefined || b.options !== undefined, {
    message: 'required',
    path: ['rows'],
  });
export type ImportDecideBody = z.input<typeof importDecideBody>;

/** A document's facts from its source system (GET /file/source/:id): never edoc signatures or trail rows. */
export const documentSource = z.object({
  documentId: z.number(),
  sourceSystem: z.string().nullable(),
  sourceObjectId: z.string().nullable(),
  importId: z.number().nullable(),
  signatures: z.array(
    z.object({
      id: z.number(),
      versionNo: z.string().nullable(),
      methodology: z.string().nullable(),
      userOid: z.string().nullable(),
      name: z.string().nullable(),
      reason: z.string().nullable(),
      signedAt: z.string().nullable(),
    }),
  ),
  /** The first 1,000 in time order; auditTotal says how many there are. */
  auditRecords: z.array(
    z.object({
      id: z.number(),
      versionNo: z.string().nullable(),
      auditId: z.string().nullable(),
      at: z.string().nullable(),
      userRef: z.string().nullable(),
      entryType: z.string().nullable(),
      event: z.string().nullable(),
    }),
  ),
  auditTotal: z.number(),
});
export type DocumentSource = z.infer<typeof documentSource>;
