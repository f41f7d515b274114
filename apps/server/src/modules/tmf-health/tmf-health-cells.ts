import type { TmfGroupBy } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { HealthScope } from './tmf-health.policy.ts';
import { ids } from './tmf-health-sql.ts';

/*
 * The pre-summed figures (tmf_cells, kept by migration 0040's triggers): which scopes they answer and how a cell is
 * keyed and limited as a document would be (tmf-health-sql.ts documentKey and documentsWhere, whose rules they
 * follow). A cell is on the artifact's axis or on the place's, never both, so a scope is answered from cells only
 * when every limit and the grouping are on one axis:
 * - the artifact's: grouped by zone, section, artifact or nothing, limited to artifacts at most;
 * - the place's: grouped by level, country, site or nothing, limited to sites, a country or a site, with no limit
 *   to artifacts (a project administrator, or anyone who views every folder of the project).
 * Anything else (by person, a member limited to both artifacts and sites) is counted live from the documents.
 */

export type CellAxis = 'artifact' | 'place';

export function cellAxis(scope: HealthScope, by: TmfGroupBy | 'all'): CellAxis | null {
  const placeLimited = scope.siteIds !== null || scope.countryId !== undefined || scope.siteId !== undefined;
  if (['all', 'zone', 'section', 'artifact'].includes(by) && !placeLimited) return 'artifact';
  if (['all', 'level', 'country', 'site'].includes(by) && scope.artifactIds === null) return 'place';
  return null;
}

/** The place's country: the cell's own (a country's documents), else its site's. */
const country = sql`coalesce(nullif(c.country_id, 0), s.country_id)`;

/**
 * The cells of some families on an axis, limited as the scope limits documents; joined to their artifacts and
 * sections only for a key by zone or section (joining 60,000 cells for nothing took half the trend's time).
 */
export function cellsFrom(scope: HealthScope, axis: CellAxis, families: string[], by: TmfGroupBy | 'all' = 'all'): SQL {
  // `artifact_id > 0` rather than `<> 0` (ids are positive): a range the primary key's index can read, where `<>`
  // had the trend's weeks read every cell of the table (a parallel scan of 240,000 cells, 70–90 ms at scale 1).
  if (axis === 'artifact')
    return sql`from tmf_cells c ${
      by === 'zone' || by === 'section'
        ? sql`join tmf_artifacts a on a.id = c.artifact_id join tmf_sections sec on sec.id = a.section_id`
        : sql``
    }
      where c.project_id = ${scope.projectId} and c.family = any(${`{${families.join(',')}}`}::text[]) and c.artifact_id > 0
      ${scope.artifactIds ? sql`and c.artifact_id = any(${ids(scope.artifactIds)})` : sql``}`;
  return sql`from tmf_cells c left join sites s on s.id = nullif(c.site_id, 0)
    where c.project_id = ${scope.projectId} and c.family = any(${`{${families.join(',')}}`}::text[]) and c.artifact_id = 0
    ${scope.siteIds ? sql`and c.site_id = any(${ids(scope.siteIds)})` : sql``}
    ${scope.countryId ? sql`and ${country} = ${scope.countryId}` : sql``}
    ${scope.siteId ? sql`and c.site_id = ${scope.siteId}` : sql``}`;
}

/** A cell's group key, the text documentKey gives its documents. */
export function cellKey(by: TmfGroupBy | 'all'): SQL {
  switch (by) {
    case 'all':
      return sql`'all'`;
    case 'level':
      return sql`case when c.site_id <> 0 then 'site' when c.country_id <> 0 then 'country' else 'trial' end`;
    case 'country':
      return sql`coalesce(${country}::text, 'none')`;
    case 'site':
      return sql`case when c.site_id = 0 then 'none' else c.site_id::text end`;
    case 'zone':
      return sql`sec.zone_id::text`;
    case 'section':
      return sql`a.section_id::text`;
    case 'artifact':
      return sql`c.artifact_id::text`;
    case 'person':
      throw new Error('no cell is kept by person');
  }
}
