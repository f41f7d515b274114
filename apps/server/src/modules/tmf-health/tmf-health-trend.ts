import { StageState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import type { TmfTrendPoint } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lanesFor, type Lanes } from '../../db/shared-snapshot.ts';
import type { HealthScope } from './tmf-health.policy.ts';
import { cellAxis, cellsFrom, type CellAxis } from './tmf-health-cells.ts';
import { documentJoins, documentsWhere, filedDay, itemsFrom, withinTarget } from './tmf-health-sql.ts';

/*
 * The trend of the last TREND_WEEKS weeks (issue 27 part 6), each ending on a Sunday (UTC), the last one the Sunday on
 * or after today, so the line reaches today. Per week end E (docs/tmf-health.md says the same for an inspector):
 * - completeness: items (not removed, not N/A) created by E and filed (filed_at) by E ÷ items created by E;
 * - completenessDue: the same over the items also due by E;
 * - timelinessPct: documents created in the week (E−6 … E) filed within the target ÷ those documents;
 * - rejectionRate: QC stages closed (rejected) in the week ÷ QC stages closed (passed or rejected) in the week.
 * Each row is bucketed in SQL by the week it enters (k = ceil((day − E₀) / 7), the oldest week 0), so every query
 * reads the rows once and answers at most a few hundred counts; the cumulative sums of 12 numbers are made here.
 */

export const TREND_WEEKS = 12;
const DAY = 86_400_000;

/** The week ends, oldest first: the Sunday on or after `today` and the 11 before it, yyyy-mm-dd. */
export function weekEnds(today: Date): string[] {
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const sunday = day + ((7 - new Date(day).getUTCDay()) % 7) * DAY;
  return Array.from({ length: TREND_WEEKS }, (_, i) =>
    new Date(sunday - (TREND_WEEKS - 1 - i) * 7 * DAY).toISOString().slice(0, 10),
  );
}

/**
 * The week (0 … 11) a day falls in, 0 for any day before the first week; beyond the last, 12 or more. Integer
 * arithmetic: for a whole number of days n, (n + 6) / 7 is ceil(n / 7) when n ≥ 0 and ≤ 0 otherwise, so the same
 * week as ceil(n / 7.0) without numeric division (661 ms for the benchmark's 21,315 items at a tenth of its scale).
 */
const bucket = (day: SQL, first: string) => sql`greatest(0, (${day} - ${first}::date + 6) / 7)`;

const cumulative = (rows: Array<{ k: number | null; n: number }>) => {
  const per = new Array<number>(TREND_WEEKS).fill(0);
  for (const r of rows) if (r.k !== null && r.k < TREND_WEEKS) per[r.k] += r.n;
  for (let k = 1; k < TREND_WEEKS; k++) per[k] += per[k - 1];
  return per;
};
const perWeek = (rows: Array<{ k: number | null; n: number }>) => {
  const per = new Array<number>(TREND_WEEKS).fill(0);
  for (const r of rows) if (r.k !== null && r.k >= 0 && r.k < TREND_WEEKS) per[r.k] += r.n;
  return per;
};

/** The trend; given lanes on one snapshot (db/shared-snapshot.ts), items and documents side by side. */
export async function trendOf(tx: Tx | Lanes, scope: HealthScope, today = new Date()): Promise<TmfTrendPoint[]> {
  const lanes = lanesFor(tx);
  const ends = weekEnds(today);
  const first = ends[0];
  const last = ends[TREND_WEEKS - 1];
  const axis = cellAxis(scope, 'all');
  const [[c, f, d, df], [docs, qc]] = await Promise.all([
    lanes.run((t) => (axis ? cellItemWeeks(t, scope, axis, first, last) : liveItemWeeks(t, scope, first))),
    lanes.run((t) => (axis ? cellWeeks(t, scope, axis, first, last) : liveWeeks(t, scope, first, last))),
  ]);
  const docN = perWeek(docs);
  const docWithin = perWeek(docs.map((r) => ({ k: r.k, n: r.within })));
  const qcN = perWeek(qc);
  const qcRejected = perWeek(qc.map((r) => ({ k: r.k, n: r.rejected })));
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return ends.map((weekEnd, k) => ({
    weekEnd,
    completeness: ratio(f[k], c[k]),
    completenessDue: ratio(df[k], d[k]),
    timelinessPct: ratio(docWithin[k], docN[k]),
    rejectionRate: ratio(qcRejected[k], qcN[k]),
  }));
}

/** The items' four cumulative lines (created, filed, due, both by each week end) from the cells. */
async function cellItemWeeks(tx: Tx, scope: HealthScope, axis: CellAxis, first: string, last: string) {
  const families = ['item_c', 'item_f', 'item_d', 'item_df'];
  const r = await tx.execute<{ family: string; k: number; n: number }>(sql`
    select c.family, greatest(0, c.k - tmf_week(${first}::date)) as k, sum(c.n)::int as n
    ${cellsFrom(scope, axis, families)} and c.k <= tmf_week(${last}::date)
    group by 1, 2`);
  return families.map((family) => cumulative(r.rows.filter((row) => row.family === family)));
}

/**
 * The same from the items: each item's weeks, created (c), filed (f), due (d) and both (df), each no earlier than
 * created. Grouped by the four at once (a few hundred distinct rows), so the items are read once and no row is
 * multiplied.
 */
async function liveItemWeeks(tx: Tx, scope: HealthScope, first: string) {
  const items = await tx.execute<{ c: number; f: number | null; d: number | null; df: number | null; n: number }>(sql`
    select c, f, d, case when f is null or d is null then null else greatest(f, d) end as df, count(*)::int as n
    from (select c, case when fk is null then null else greatest(c, fk) end as f,
        case when dk is null then null else greatest(c, dk) end as d
      from (select ${bucket(sql`(i.created_at at time zone 'UTC')::date`, first)} as c,
          case when i.filed_at is null then null else ${bucket(sql`(i.filed_at at time zone 'UTC')::date`, first)} end as fk,
          case when i.due_date is null then null else ${bucket(sql`i.due_date`, first)} end as dk
        ${itemsFrom(scope)} and i.state <> 'not_applicable') r) b
    group by 1, 2, 3, 4`);
  return (['c', 'f', 'd', 'df'] as const).map((set) => cumulative(items.rows.map((r) => ({ k: r[set], n: r.n }))));
}

type Weeks = [Array<{ k: number; n: number; within: number }>, Array<{ k: number; n: number; rejected: number }>];

/** The documents filed and the QC stages closed per week, from the cells (their weeks are tmf_week's). */
async function cellWeeks(tx: Tx, scope: HealthScope, axis: CellAxis, first: string, last: string): Promise<Weeks> {
  const weeks = sql`c.k between tmf_week(${first}::date) and tmf_week(${last}::date)`;
  const docs = await tx.execute<{ k: number; n: number; within: number }>(sql`
    select c.k - tmf_week(${first}::date) as k, sum(c.n)::int as n, coalesce(sum(c.n) filter (where c.k2 = 1), 0)::int as within
    ${cellsFrom(scope, axis, ['filed_week'])} and ${weeks} group by c.k`);
  const qc = await tx.execute<{ k: number; n: number; rejected: number }>(sql`
    select c.k - tmf_week(${first}::date) as k, sum(c.n)::int as n, sum(c.m)::int as rejected
    ${cellsFrom(scope, axis, ['qc_week'])} and ${weeks} group by c.k`);
  return [docs.rows, qc.rows];
}

/** The same counted from the documents and their stages. */
async function liveWeeks(tx: Tx, scope: HealthScope, first: string, last: string): Promise<Weeks> {
  // The documents' weeks need no artifact or section; their sites only for a country narrowing (documentsWhere).
  const siteJoin = scope.countryId ? documentJoins : sql``;
  const start = sql`(${first}::date - 6)`;
  const docs = await tx.execute<{ k: number; n: number; within: number }>(sql`
    select ${bucket(filedDay, first)} as k, count(*)::int as n, count(*) filter (where ${withinTarget(scope)})::int as within
    from documents d ${siteJoin}
    where ${documentsWhere(scope)} and d.document_date is not null
      and d.created_at >= ${start}::timestamp at time zone 'UTC'
      and d.created_at < (${last}::date + 1)::timestamp at time zone 'UTC'
    group by 1`);
  const qc = await tx.execute<{ k: number; n: number; rejected: number }>(sql`
    select ${bucket(sql`(rs.closed_at at time zone 'UTC')::date`, first)} as k, count(*)::int as n,
      count(*) filter (where rs.state = ${StageState.Rejected})::int as rejected
    from route_stages rs join document_routes dr on dr.id = rs.route_id
    join documents d on d.id = dr.document_id ${siteJoin}
    where ${documentsWhere(scope)} and rs.stage = ${Stage.Qc} and rs.state in (${StageState.Passed}, ${StageState.Rejected})
      and rs.closed_at >= ${start}::timestamp at time zone 'UTC'
      and rs.closed_at < (${last}::date + 1)::timestamp at time zone 'UTC'
    group by 1`);
  return [docs.rows, qc.rows];
}
