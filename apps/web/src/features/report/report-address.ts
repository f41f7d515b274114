import { calendarDate } from '@edoc/contract/fields';
import { EXPIRING_DAYS, SYSTEM_REPORTS, type ReportOpen, type SystemReportKey } from '@edoc/contract/report';
import { paths } from '../../config/paths';

/** The System report's choice and filters, as the address carries them (the names the server takes). */
export interface ReportFilterValues {
  key: SystemReportKey;
  dateFrom?: string;
  dateTo?: string;
  folderId?: number;
  siteId?: number;
  status?: number;
  days?: number;
}

const num = (raw: string | null, max = 999_999_999) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 && Number(raw) <= max ? Number(raw) : undefined;
const day = (raw: string | null) => (raw && calendarDate.safeParse(raw).success ? raw : undefined);

/**
 * The report and filters in the address. A hand-edited value the server would refuse is left out rather than failing
 * the page: an unknown report (the first one instead), a malformed number, days in the wrong order (both dropped).
 */
export function readReportFilters(params: URLSearchParams): ReportFilterValues {
  const raw = params.get('report');
  const key = (SYSTEM_REPORTS as readonly string[]).includes(raw ?? '') ? (raw as SystemReportKey) : SYSTEM_REPORTS[0];
  const dateFrom = day(params.get('dateFrom'));
  const dateTo = day(params.get('dateTo'));
  const ordered = !dateFrom || !dateTo || dateFrom <= dateTo;
  const status = num(params.get('status'), 9);
  return {
    key,
    dateFrom: ordered ? dateFrom : undefined,
    dateTo: ordered ? dateTo : undefined,
    folderId: num(params.get('folderId')),
    siteId: num(params.get('siteId')),
    status,
    days: num(params.get('days'), EXPIRING_DAYS.max),
  };
}

/**
 * Where a click on a bar or a row goes: one document opens in the workspace's panel; anything else is the document
 * list of the search page, which lists by filters alone.
 */
export function openAddress(open: ReportOpen): string {
  if (open.fileId) return `${paths.project.work}?doc=${open.fileId}`;
  const query = new URLSearchParams();
  for (const name of [
    'status',
    'folderId',
    'siteId',
    'type',
    'filedFrom',
    'filedTo',
    'taskUserId',
    'taskOverdue',
  ] as const) {
    const value = open[name];
    if (value !== undefined) query.set(name, String(value));
  }
  return `${paths.project.search}?${query}`;
}
