import { z } from 'zod';
import { optionalIdParam } from './fields.ts';

/**
 * Issue 27 part 7: the TMF index for inspection — every artifact of the project's model with its expected items, the
 * documents filed on it (status, version, dates, signatures) and its gaps, as a PDF or a workbook in the caller's
 * language. What it lists follows the caller's rights as the TMF health dashboard does (docs/tmf-health.md).
 */

export const TMF_INDEX_FORMATS = ['pdf', 'xlsx'] as const;
export type TmfIndexFormat = (typeof TMF_INDEX_FORMATS)[number];

/** GET /tmf-health/index: the format (no default: the caller chooses), narrowed to a country or a site. */
export const tmfIndexQuery = z.object({
  format: z.enum(TMF_INDEX_FORMATS, 'invalid_value'),
  countryId: optionalIdParam,
  siteId: optionalIdParam,
});
export type TmfIndexQuery = z.infer<typeof tmfIndexQuery>;

/** The totals of an index (its head and its trail row): expected items by state, documents listed. */
export interface TmfIndexTotals {
  artifacts: number;
  expected: number;
  filed: number;
  missing: number;
  overdue: number;
  notApplicable: number;
  documents: number;
}
