import type { ExpectedItem, ExpectedList, ExpectedListQuery } from '@edoc/contract/expected';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { likePattern } from '../../lib/sql.ts';
import { idList } from './expected-snapshot.ts';

/*
 * Reading items (issue 27 part 4): the administrator's list and a document's matches. A site item's country is its
 * site's. milestoneTypeId is the type its rule names when that type anchors at the item's level (a site type only
 * for a site item, a country type not for a trial item), as generation reads it.
 */

const FROM = sql`
  from expected_items ei
  join projects p on p.id = ei.project_id
  join tmf_artifacts a on a.id = ei.artifact_id
  left join sites s on s.id = ei.site_id
  left join countries c on c.id = coalesce(ei.country_id, s.country_id)
  left join users u on u.id = ei.decided_by`;

const COLUMNS = sql`
  ei.id, ei.artifact_id as "artifactId", a.number as "artifactNumber", a.name_en as "artifactNameEn",
  a.name_zh as "artifactNameZh", ei.level, c.id as "countryId", c.code as "countryCode", ei.site_id as "siteId",
  s.name as "siteName", ei.occurrence, to_char(ei.due_date, 'YYYY-MM-DD') as "dueDate",
  (select mt.id from tmf_expected_rules r
     join milestone_types mt on mt.code = r.milestone_code and (mt.company_id is null or mt.company_id = p.company_id)
    where r.artifact_id = ei.artifact_id and r.level = ei.level
      and (mt.level = 'trial' or (mt.level = 'country' and ei.level <> 'trial') or (mt.level = 'site' and ei.level = 'site'))
    limit 1) as "milestoneTypeId",
  ei.state, coalesce(ei.state = 'expected' and ei.due_date < current_date, false) as overdue, ei.reason, ei.origin,
  u.name as "decidedByName", ei.decided_at as "decidedAt"`;

type Row = Omit<ExpectedItem, 'documents' | 'decidedAt'> & { decidedAt: Date | string | null };

/** The items a condition selects (`ei` the item), in the order given, with their documents. */
export async function readItems(tx: Tx, where: SQL, order: SQL, page?: { limit: number; offset: number }) {
  const rows = await tx.execute<Row>(sql`
    select ${COLUMNS} ${FROM} where ${where} order by ${order}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  const ids = rows.rows.map((r) => r.id);
  const docs = ids.length
    ? await tx.execute<{ itemId: number; id: number; name: string; status: number }>(sql`
        select l.item_id as "itemId", d.id, d.name, d.status from expected_item_documents l
        join documents d on d.id = l.document_id where l.item_id in (${idList(ids)}) order by d.name, d.id`)
    : { rows: [] };
  const byItem = new Map<number, ExpectedItem['documents']>();
  for (const d of docs.rows) {
    const list = byItem.get(d.itemId) ?? [];
    list.push({ id: d.id, name: d.name, status: d.status });
    byItem.set(d.itemId, list);
  }
  return rows.rows.map((r): ExpectedItem => ({
    ...r,
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
    documents: byItem.get(r.id) ?? [],
  }));
}

const STATE: Record<NonNullable<ExpectedListQuery['state']>, SQL> = {
  expected: sql`ei.state = 'expected'`,
  overdue: sql`ei.state = 'expected' and ei.due_date < current_date`,
  filed: sql`ei.state = 'filed'`,
  not_applicable: sql`ei.state = 'not_applicable'`,
};

/** GET /manage/expected/list: a page under the filter, and the counts by state under the filter without its state. */
export async function listItems(tx: Tx, projectId: number, q: ExpectedListQuery): Promise<ExpectedList> {
  const filter: SQL[] = [sql`ei.project_id = ${projectId}`, sql`ei.removed_at is null`];
  if (q.level) filter.push(sql`ei.level = ${q.level}`);
  if (q.countryId) filter.push(sql`c.id = ${q.countryId}`);
  if (q.siteId) filter.push(sql`ei.site_id = ${q.siteId}`);
  if (q.artifactId) filter.push(sql`ei.artifact_id = ${q.artifactId}`);
  if (q.q) {
    const like = likePattern(q.q);
    filter.push(sql`(a.number ilike ${like} or a.name_en ilike ${like} or a.name_zh ilike ${like})`);
  }
  const base = sql.join(filter, sql` and `);
  const counted = await tx.execute<{ expected: number; overdue: number; filed: number; na: number }>(sql`
    select count(*) filter (where ${STATE.expected})::int as expected,
      count(*) filter (where ${STATE.overdue})::int as overdue,
      count(*) filter (where ${STATE.filed})::int as filed,
      count(*) filter (where ${STATE.not_applicable})::int as na
    ${FROM} where ${base}`);
  const n = counted.rows[0]!;
  const counts = { expected: n.expected, overdue: n.overdue, filed: n.filed, notApplicable: n.na };
  const total = q.state
    ? { expected: n.expected, overdue: n.overdue, filed: n.filed, not_applicable: n.na }[q.state]
    : n.expected + n.filed + n.na;
  const where = q.state ? sql`${base} and ${STATE[q.state]}` : base;
  const dir = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  const place = sql`c.code nulls first, s.code nulls first, ei.occurrence, ei.id`;
  // Artifact numbers are digits and dots (TMF_NUMBER): 8.2.10 after 8.2.9.
  const number = sql`string_to_array(a.number, '.')::int[]`;
  const order =
    q.sort === 'artifact'
      ? sql`${number} ${dir}, ei.level, ${place}`
      : sql`ei.due_date ${dir} nulls last, ${number}, ei.level, ${place}`;
  const items = await readItems(tx, where, order, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { items, total, counts };
}
