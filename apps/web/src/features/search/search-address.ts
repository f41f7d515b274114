import { calendarDate } from '@edoc/contract/fields';
import type { SearchParams } from './api';

/** The filters of the results page, as the address carries them (the same names the server takes). */
export type SearchFilterValues = Pick<
  SearchParams,
  'status' | 'type' | 'folderId' | 'siteId' | 'creatorId' | 'tagId' | 'startDate' | 'endDate'
>;

export const FILTER_KEYS = [
  'status',
  'type',
  'folderId',
  'siteId',
  'creatorId',
  'tagId',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof SearchFilterValues)[];

/** A number from the address, or undefined. */
export const num = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

const day = (raw: string | null) => (raw && calendarDate.safeParse(raw).success ? raw : undefined);

/**
 * The filters in the address. A hand-edited one the server would refuse is left out rather than failing the whole
 * search: a malformed value, or days in the wrong order (both dropped).
 */
export function readFilters(params: URLSearchParams): SearchFilterValues {
  const startDate = day(params.get('startDate'));
  const endDate = day(params.get('endDate'));
  const ordered = !startDate || !endDate || startDate <= endDate;
  return {
    status: num(params.get('status')),
    type: params.get('type') || undefined,
    folderId: num(params.get('folderId')),
    siteId: num(params.get('siteId')),
    creatorId: num(params.get('creatorId')),
    tagId: num(params.get('tagId')),
    startDate: ordered ? startDate : undefined,
    endDate: ordered ? endDate : undefined,
  };
}

export const hasFilters = (f: SearchFilterValues) => FILTER_KEYS.some((key) => f[key] !== undefined);
