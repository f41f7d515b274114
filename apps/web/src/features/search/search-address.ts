import { SEARCH_FILTERS } from '@edoc/contract/search';
import { calendarDate } from '@edoc/contract/fields';
import type { SearchParams } from './api';

/** The filters of the results page, as the address carries them (the same names the server takes). */
export type SearchFilterValues = Pick<
  SearchParams,
  | 'status'
  | 'type'
  | 'folderId'
  | 'siteId'
  | 'creatorId'
  | 'tagId'
  | 'startDate'
  | 'endDate'
  | 'filedFrom'
  | 'filedTo'
  | 'taskUserId'
  | 'taskOverdue'
>;

/** The filters the server lists by (the contract's list, so the two cannot drift apart). */
export const FILTER_KEYS = SEARCH_FILTERS satisfies readonly (keyof SearchFilterValues)[];

/** A number from the address, or undefined. */
export const num = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

const flag = (raw: string | null) => (raw === 'true' ? true : raw === 'false' ? false : undefined);
const day = (raw: string | null) => (raw && calendarDate.safeParse(raw).success ? raw : undefined);

/**
 * The filters in the address. A hand-edited one the server would refuse is left out rather than failing the whole
 * search: a malformed value, or days in the wrong order (both dropped).
 */
export function readFilters(params: URLSearchParams): SearchFilterValues {
  const startDate = day(params.get('startDate'));
  const endDate = day(params.get('endDate'));
  const ordered = !startDate || !endDate || startDate <= endDate;
  // Filed days come from a report's bar (issue 14); no picker sets them, the clear link removes them.
  const filedFrom = day(params.get('filedFrom'));
  const filedTo = day(params.get('filedTo'));
  const filedOrdered = !filedFrom || !filedTo || filedFrom <= filedTo;
  return {
    status: num(params.get('status')),
    type: params.get('type') || undefined,
    folderId: num(params.get('folderId')),
    siteId: num(params.get('siteId')),
    creatorId: num(params.get('creatorId')),
    tagId: num(params.get('tagId')),
    startDate: ordered ? startDate : undefined,
    endDate: ordered ? endDate : undefined,
    filedFrom: filedOrdered ? filedFrom : undefined,
    filedTo: filedOrdered ? filedTo : undefined,
    // From a workflow report's bar (issue 14): no picker sets them either; the tag and the clear link remove them.
    taskUserId: num(params.get('taskUserId')),
    taskOverdue: flag(params.get('taskOverdue')),
  };
}

export const hasFilters = (f: SearchFilterValues) => FILTER_KEYS.some((key) => f[key] !== undefined);
