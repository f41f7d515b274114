import type { TmfGroupBy } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { HealthScope } from './tmf-health.policy.ts';

/*
 * The SQL every TMF health figure and list shares: which items and documents count (the project, the caller's
 * limits, the narrowing to a country or a site) and the key of each grouping, written once for items (alias i) and
 * once for documents (alias d), each joined to its artifact (a), section (sec) and site (s). Counting happens in
 * PostgreSQL: the figures read grouped rows, never the items or documents themselves.
 */

export const ids = (list: number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/**
 * Items of the project, not removed (`removed`: those too, as the recomputable package carries them), as the scope
 * limits them; `person` joins each item to its filers.
 */
export function itemsFrom(scope: HealthScope, groupBy?: TmfGroupBy, { removed = false } = {}): SQL {
  const person =
    groupBy === 'person'
      ? sql`join (select distinct eid.item_id, pd.created_by from expected_item_documents eid
          join documents pd on pd.id = eid.document_id and pd.deleted_at is null) ip on ip.item_id = i.id`
      : sql``;
  return sql`from expected_items i
    join tmf_artifacts a on a.id = i.artifact_id
    join tmf_sections sec on sec.id = a.section_id
    left join sites s on s.id = i.site_id
    ${person}
    where i.project_id = ${scope.projectId} ${removed ? sql`` : sql`and i.removed_at is null`}
    ${scope.artifactIds ? sql`and i.artifact_id = any(${ids(scope.artifactIds)})` : sql``}
    ${scope.siteIds ? sql`and i.level = 'site' and i.site_id = any(${ids(scope.siteIds)})` : sql``}
    ${scope.countryId ? sql`and coalesce(i.country_id, s.country_id) = ${scope.countryId}` : sql``}
    ${scope.siteId ? sql`and i.site_id = ${scope.siteId}` : sql``}`;
}

/**
 * TMF documents of the project (filed under an artifact), not deleted (`deleted`: those too, as the recomputable
 * package carries them), as the scope limits them.
 */
export function documentsWhere(scope: HealthScope, { deleted = false } = {}): SQL {
  return sql`d.project_id = ${scope.projectId} ${deleted ? sql`` : sql`and d.deleted_at is null`} and d.artifact_id is not null
    ${scope.artifactIds ? sql`and d.artifact_id = any(${ids(scope.artifactIds)})` : sql``}
    ${scope.siteIds ? sql`and d.site_id = any(${ids(scope.siteIds)})` : sql``}
    ${scope.countryId ? sql`and coalesce(d.country_id, s.country_id) = ${scope.countryId}` : sql``}
    ${scope.siteId ? sql`and d.site_id = ${scope.siteId}` : sql``}`;
}

/** The joins of a document (alias d) to its artifact, section and site. */
export const documentJoins = sql`join tmf_artifacts a on a.id = d.artifact_id
  join tmf_sections sec on sec.id = a.section_id
  left join sites s on s.id = d.site_id`;

/** The key of an item's group (text; 'none' where the item has no country or site). */
export function itemKey(groupBy: TmfGroupBy | 'all'): SQL {
  switch (groupBy) {
    case 'all':
      return sql`'all'`;
    case 'level':
      return sql`i.level`;
    case 'country':
      return sql`coalesce(coalesce(i.country_id, s.country_id)::text, 'none')`;
    case 'site':
      return sql`coalesce(i.site_id::text, 'none')`;
    case 'zone':
      return sql`sec.zone_id::text`;
    case 'section':
      return sql`a.section_id::text`;
    case 'artifact':
      return sql`i.artifact_id::text`;
    case 'person':
      return sql`ip.created_by::text`;
  }
}

/** The key of a document's group; its level is its own: a site's, a country's, else the trial's. */
export function documentKey(groupBy: TmfGroupBy | 'all'): SQL {
  switch (groupBy) {
    case 'all':
      return sql`'all'`;
    case 'level':
      return sql`case when d.site_id is not null then 'site' when d.country_id is not null then 'country' else 'trial' end`;
    case 'country':
      return sql`coalesce(coalesce(d.country_id, s.country_id)::text, 'none')`;
    case 'site':
      return sql`coalesce(d.site_id::text, 'none')`;
    case 'zone':
      return sql`sec.zone_id::text`;
    case 'section':
      return sql`a.section_id::text`;
    case 'artifact':
      return sql`d.artifact_id::text`;
    case 'person':
      return sql`d.created_by::text`;
  }
}

/** A drill-down's group: only rows whose key is the one asked for (none asked: all rows). */
export const keyIs = (keyExpr: SQL, key: string | undefined) =>
  key === undefined ? sql`` : sql`and ${keyExpr} = ${key}`;

/** Today, the UTC calendar day (as the filing day is), whatever the database session's zone. */
export const today = sql`(now() at time zone 'UTC')::date`;

/** The Monday that starts today's week (the pre-summed cells count items by such weeks: migration 0040's tmf_week). */
export const thisMonday = sql`(date '1900-01-01' + tmf_week(${today}) * 7)`;

/*
 * The rules of days (migration 0040's SQL functions, which the pre-summed cells of tmf-health-cells.ts count by too):
 * the filing day is the document's creation day in UTC; calendar days run from the document date to it (negative when
 * dated after it was filed); working days are the weekdays (Monday–Friday, no holiday calendar) after the document
 * date up to and including the filing day.
 */
export const filedDay = sql`tmf_utc_day(d.created_at)`;
export const calendarDays = sql`(${filedDay} - d.document_date)`;

/** The days the target counts (calendar or working) for a document; within target when ≤ the target's days. */
export const targetDays = (scope: HealthScope) =>
  sql`tmf_target_days(d.created_at, d.document_date, ${scope.target.unit})`;
export const withinTarget = (scope: HealthScope) => sql`${targetDays(scope)} <= ${scope.target.days}`;

/** A document (alias given) the caller may open: in one of the scope's folders (no limit when it has none). */
export function openable(scope: HealthScope, alias: 'd' | 'fd'): SQL {
  return scope.folderIds ? sql`and ${sql.raw(alias)}.folder_id = any(${ids(scope.folderIds)})` : sql``;
}
