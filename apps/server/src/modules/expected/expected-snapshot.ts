import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** What a trail row says of an item (trail-shapes expectedItemShape), read with the item's artifact and place. */
export type ItemSnapshot = {
  id: number;
  projectId: number;
  artifactId: number;
  artifact: string;
  level: 'trial' | 'country' | 'site';
  countryId: number | null;
  siteId: number | null;
  country: string | null;
  site: string | null;
  occurrence: number;
  dueDate: string | null;
  state: 'expected' | 'filed' | 'not_applicable';
  reason: string | null;
  decidedBy: number | null;
  removedAt: Date | null;
};

/** The trail's value of an item: no ids, the place by codes. */
export const trailValue = (i: ItemSnapshot) => ({
  artifact: i.artifact,
  level: i.level,
  country: i.country,
  site: i.site,
  occurrence: i.occurrence,
  dueDate: i.dueDate,
  state: i.state,
  reason: i.reason,
});

/** "8.2.1 · S01 · 2": the item in one line, for a link's trail row (the occurrence only when it recurs). */
export const itemLabel = (i: Pick<ItemSnapshot, 'artifact' | 'country' | 'site' | 'occurrence'>) =>
  [i.artifact, i.site ?? i.country, i.occurrence > 1 ? `#${i.occurrence}` : null].filter(Boolean).join(' · ');

/** `1, 2, 3` as bound parameters, for `in (…)`. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** Items by id (any project: the caller checks the project), locked against a concurrent decision when `lock`. */
export async function loadItems(tx: Tx, ids: number[], lock = false): Promise<ItemSnapshot[]> {
  if (!ids.length) return [];
  const rows = await tx.execute<ItemSnapshot>(sql`
    select ei.id, ei.project_id as "projectId", ei.artifact_id as "artifactId", a.number as artifact, ei.level,
      ei.country_id as "countryId", ei.site_id as "siteId", coalesce(c.code, sc.code) as country, s.code as site,
      ei.occurrence, to_char(ei.due_date, 'YYYY-MM-DD') as "dueDate", ei.state, ei.reason,
      ei.decided_by as "decidedBy", ei.removed_at as "removedAt"
    from expected_items ei
    join tmf_artifacts a on a.id = ei.artifact_id
    left join countries c on c.id = ei.country_id
    left join sites s on s.id = ei.site_id
    left join countries sc on sc.id = s.country_id
    where ei.id in (${idList(ids)})
    ${lock ? sql`for update of ei` : sql``}`);
  return rows.rows;
}
