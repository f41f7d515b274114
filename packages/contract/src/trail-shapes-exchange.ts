import { z } from 'zod';
import { coded, docStatus, id, optText, text } from './trail-shapes.ts';

/* The value shapes of exchange's trail rows (issue 28): EMS export and import, bulk import, certified copies, the
 * inspection package. trail.ts pairs them with trail and object types as it does trail-shapes.ts's. Each part keeps
 * its shapes under its own heading. */

// part 1: EMS export
/**
 * An export asked for (a download-center task of kind ems / inspection): the kind, the task's name, the selection as
 * asked (artifacts by number, countries and sites by code, levels and statuses as codes, the document-date range,
 * all versions or current only) and the documents it resolved to through the caller's rights.
 */
export const exchangeExport = z.object({
  kind: coded(text, ['ems', 'inspection']),
  name: text,
  artifacts: optText,
  levels: z.array(coded(text, ['trial', 'country', 'site'])),
  countries: optText,
  sites: optText,
  statuses: z.array(docStatus),
  documentDateFrom: optText,
  documentDateTo: optText,
  /** The milestone by its type's code and place ("irb_iec_approval S01"); absent in rows written before it. */
  milestone: optText.optional(),
  allVersions: z.boolean(),
  documentsExported: z.number(),
  documentIds: z.array(id),
});
// part 2: EMS import
/** An EMS import asked for (objectType exchange_import, type Create): the package by name and size, or its server path. */
export const exchangeImportCreated = z.object({
  packageName: text,
  packageSize: z.number().nullable(),
  serverPath: optText,
});
/**
 * An import's step (type Update): accepted for filing, cancelled, done, or failed (its package unreadable while
 * filing); the counts of its rows at that step. The source system's events are never edoc trail rows: they are kept
 * as source audit records.
 */
export const exchangeImportStep = z.object({
  state: coded(text, ['filing', 'done', 'failed', 'cancelled']),
  packageName: text,
  sourceSystem: optText,
  objects: z.number(),
  accepted: z.number(),
  filed: z.number(),
  failed: z.number(),
});
/** A document filed by an import (objectType document, type Create): one row for the object and all its versions. */
export const exchangeImported = z.object({
  imported: z.literal(true),
  importId: id,
  sourceSystem: optText,
  sourceObjectId: text,
  name: text,
  folderId: id,
  artifact: optText,
  versions: z.array(text),
  docStatus,
});
// part 3: bulk import
/**
 * A document filed by a bulk import (objectType document, type Create): the file's path in the zip, where it went
 * (folder, artifact number, country and site codes, document date) and its one version. The import's own steps are
 * part 2's exchange_import rows (Create with the zip's name and size, Update for filing / done / cancelled).
 */
export const bulkImported = z.object({
  bulkImported: z.literal(true),
  importId: id,
  filePath: text,
  name: text,
  folderId: id,
  artifact: optText,
  country: optText,
  site: optText,
  documentDate: optText,
  versions: z.array(text),
  docStatus,
});
// part 4: certified copies
/**
 * A version certified as a copy of its paper original (objectType document, type Update), beside the signature's
 * own row (type Sign, meaning certifiedCopy): the version, the sha256 of the content certified and the pages checked.
 */
export const certifiedCopyMade = z.object({
  certifiedCopy: z.literal(true),
  versionNo: text,
  contentSha256: text,
  pages: z.number(),
});
// part 5: the inspection package

/** Keeps zod imported while the parts fill this file in. */
export const exchangeShapesReady = z.literal(true);
