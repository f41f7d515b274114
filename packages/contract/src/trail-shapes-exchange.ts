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
  allVersions: z.boolean(),
  documentsExported: z.number(),
  documentIds: z.array(id),
});
// part 2: EMS import
// part 3: bulk import
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
