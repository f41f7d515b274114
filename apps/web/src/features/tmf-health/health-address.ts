import { TMF_GROUP_BYS, TMF_ITEM_LISTS, type TmfGroupBy, type TmfItemList } from '@edoc/contract/tmf-health';
import { QUALITY_ISSUE_CATEGORIES, type QualityIssueCategory } from '@edoc/contract/quality-issue';

/** What the dashboard shows, as the address carries it, so that back, a reload and a shared link show the same. */
export interface HealthView {
  groupBy: TmfGroupBy;
  countryId?: number;
  siteId?: number;
}

/** The list behind a figure: an item list, the late documents or the quality issues. */
export type DrillKind = TmfItemList | 'late' | 'issues';
export const DRILL_KINDS: readonly DrillKind[] = [...TMF_ITEM_LISTS, 'late', 'issues'];

/** An open drill-down: which list, of which group (none: everything), issues of one category. */
export interface Drill {
  kind: DrillKind;
  key?: string;
  category?: QualityIssueCategory;
}

const id = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.includes(raw as T) ? (raw as T) : undefined;

/** A hand-edited value the server would refuse is left out (the default instead) rather than failing the page. */
export function readView(params: URLSearchParams): HealthView {
  return {
    groupBy: oneOf(TMF_GROUP_BYS, params.get('groupBy')) ?? 'zone',
    countryId: id(params.get('countryId')),
    siteId: id(params.get('siteId')),
  };
}

export function readDrill(params: URLSearchParams): Drill | null {
  const kind = oneOf(DRILL_KINDS, params.get('drill'));
  if (!kind) return null;
  const key = params.get('key');
  return {
    kind,
    key: key && key.length <= 64 ? key : undefined,
    category: oneOf(QUALITY_ISSUE_CATEGORIES, params.get('category')),
  };
}

/** The address's parameters with `patch` applied; an undefined value removes its name. */
export function withParams(params: URLSearchParams, patch: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
