import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './limits.ts';

/** pageNum (from 1) and pageSize, as every list call of SPEC §7 takes them. */
export const pageQuery = z.object({
  pageNum: z.coerce.number('invalid_value').int('invalid_value').min(1, 'invalid_value').default(1),
  pageSize: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(1000, 'invalid_value')
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The paging fields of issue 27's lists (expected items, quality issues, the TMF health drill-downs): `page` (from 1)
 * and `pageSize` up to `max`, `size` when absent. Spread into a query object.
 */
export const pageFields = (max: number, size: number) => ({
  page: z.coerce.number('invalid_value').int('invalid_value').min(1, 'invalid_value').default(1),
  pageSize: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(max, 'invalid_value')
    .default(size),
});

/** The search box of a list: trimmed, at most 128 characters. */
export const searchField = z.string().trim().max(128, 'too_long').optional();
