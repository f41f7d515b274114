import { z } from 'zod';
import { calendarDate, idField } from './fields.ts';

/*
 * Exchange (issue 28, docs/exchange.md): the eTMF Exchange Mechanism Standard's packages. Each part keeps its schemas
 * under its own heading.
 */

// part 1: EMS export

/** What an export packs: an eTMF-EMS package, or that package with the inspection extras (part 5). */
export const EXPORT_KINDS = ['ems', 'inspection'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_LEVELS = ['trial', 'country', 'site'] as const;
/** The most ids one filter of a selection may name. */
export const EXPORT_FILTER_MAX = 1000;

const ids = z.array(idField, 'invalid_value').max(EXPORT_FILTER_MAX, 'too_long').optional();

/**
 * POST /exchange/export: the kind and the selection. Every filter narrows (an empty or absent one does not); the
 * documents are always those the caller may view and download (folder rights, sites).
 */
export const exportBody = z
  .object({
    kind: z.enum(EXPORT_KINDS, 'invalid_value'),
    artifactIds: ids,
    levels: z.array(z.enum(EXPORT_LEVELS, 'invalid_value'), 'invalid_value').max(3, 'too_long').optional(),
    countryIds: ids,
    siteIds: ids,
    /** The documents of the artifacts and places the milestone's expected items stand for (docs/exchange.md). */
    milestoneId: idField.optional(),
    statuses: z
      .array(z.number('invalid_value').int('invalid_value').min(1, 'invalid_value').max(9, 'invalid_value'))
      .max(9, 'too_long')
      .optional(),
    documentDateFrom: calendarDate.optional(),
    documentDateTo: calendarDate.optional(),
    /** Every version of each document (default), or the current one only. */
    allVersions: z.boolean('invalid_value').default(true),
  })
  .refine((b) => !b.documentDateFrom || !b.documentDateTo || b.documentDateFrom <= b.documentDateTo, {
    message: 'invalid_value',
    path: ['documentDateTo'],
  });
export type ExportBody = z.input<typeof exportBody>;
export type ExportSelection = z.output<typeof exportBody>;

/** The task made: its id (listed in the download center) and how many documents it packs. */
export const exportCreated = z.object({ id: z.number(), documentCount: z.number() });
export type ExportCreated = z.infer<typeof exportCreated>;

/** Why a document (or part of one) is not in the package, as a contract error code with its params. */
export const exportLeftOut = z.object({
  documentId: z.number(),
  name: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()),
});
/** download_tasks.report of an export, as stored: the counts, and what was left out (the first 1,000). */
export const exportReport = z.object({
  documents: z.number(),
  objects: z.number(),
  files: z.number(),
  leftOutTotal: z.number(),
  leftOut: z.array(exportLeftOut),
});
export type ExportReport = z.infer<typeof exportReport>;
/** The report as the download center lists it: each reason in the reader's language. */
export const exportReportRow = exportReport.omit({ leftOut: true }).extend({
  leftOut: z.array(z.object({ documentId: z.number(), name: z.string(), reason: z.string() })),
});
export type ExportReportRow = z.infer<typeof exportReportRow>;

/**
 * GET /exchange/export/options: what the export form offers a member — the project's TMF model (null: none chosen,
 * nothing to export) with its artifacts, the project's countries, and the sites the caller sees.
 */
export const exportOptions = z.object({
  model: z.object({ id: z.number(), name: z.string(), version: z.number() }).nullable(),
  artifacts: z.array(
    z.object({ id: z.number(), number: z.string(), nameEn: z.string(), nameZh: z.string().nullable() }),
  ),
  countries: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  sites: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  /** The project's milestones: the type's names and level, and the place's code (null at the trial). */
  milestones: z.array(
    z.object({
      id: z.number(),
      nameEn: z.string(),
      nameZh: z.string(),
      level: z.enum(EXPORT_LEVELS),
      place: z.string().nullable(),
    }),
  ),
});
export type ExportOptions = z.infer<typeof exportOptions>;

// part 2: EMS import
