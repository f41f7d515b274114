import { StageState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import type { TmfTrendPoint } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { HealthScope } from './tmf-health.policy.ts';
import { documentJoins, documentsWhere, filedDay, itemsFrom, withinTarget } from './tmf-health-sql.ts';

/*
 * The trend of the last TREND_WEEKS weeks (issue 27 part 6), each ending on a Sunday (UTC), the last one the Sunday on
 * or after today, so the line reaches today. Per week end E (docs/tmf-health.md says the same for an inspector):
 * - completeness: items (not removed, not N/A) created by E and filed (filed_at) by E ÷ items created by E;
 * - completenessDue: the same over the items also due by E;
 * - timelinessPct: documents created in the week (E−6 … E) filed within the target ÷ those documents;
 * - rejectionRate: QC stages closed (rejected) in the week ÷ QC stages closed (passed or rejected) in the week.
 * Each row is bucketed in SQL by the week it enters (k = ceil((day − E₀) / 7), the oldest week 0), so every query
 * reads the rows once and answers at most a few dozen counts; the cumulative sums of 12 numbers are made here.
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

/** The week (0 … 11) a day falls in, 0 for any day before the first week; beyond the last, 12. */
const bucket = (day: SQL, first: string) => sql`greatest(0, ceil((${day} - ${first}::date) / 7.0))::int`;

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

export async function trendOf(tx: Tx, scope: HealthScope, today = new Date()): Promise<TmfTrendPoint[]> {
  const ends = weekEnds(today);
  const first = ends[0];
  const created = bucket(sql`(i.created_at at time zone 'UTC')::date`, first);
  const filedAt = sql`case when i.filed_at is null then null else greatest(${created}, ${bucket(sql`(i.filed_at at time zone 'UTC')::date`, first)}) end`;
  const due = sql`case when i.due_date is null then null else greatest(${created}, ${bucket(sql`i.due_date`, first)}) end`;
  const dueFiled = sql`case when i.filed_at is null or i.due_date is null then null else greatest(${filedAt}, ${due}) end`;
  // One row per (set, week): which count it adds to and from which week on.
  const items = await tx.execute<{ set: string; k: number | null; n: number }>(sql`
    select s.set, s.k, count(*)::int as n from (select ${created} as c, ${filedAt} as f, ${due} as d, ${dueFiled} as df
      ${itemsFrom(scope)} and i.state <> 'not_applicable') b
    cross join lateral (values ('c', b.c), ('f', b.f), ('d', b.d), ('df', b.df)) as s(set, k)
    where s.k is not null group by 1, 2`);
  const of = (set: string) => cumulative(items.rows.filter((r) => r.set === set));
  const [c, f, d, df] = [of('c'), of('f'), of('d'), of('df')];

  const start = sql`(${first}::date - 6)`;
  const last = ends[TREND_WEEKS - 1];
  const docs = await tx.execute<{ k: number; n: number; within: number }>(sql`
    select ${bucket(filedDay, first)} as k, count(*)::int as n, count(*) filter (where ${withinTarget(scope)})::int as within
    from documents d ${documentJoins}
    where ${documentsWhere(scope)} and d.document_date is not null
      and d.created_at >= ${start}::timestamp at time zone 'UTC'
      and d.created_at < (${last}::date + 1)::timestamp at time zone 'UTC'
    group by 1`);
  const qc = await tx.execute<{ k: number; n: number; rejected: number }>(sql`
    select ${bucket(sql`(rs.closed_at at time zone 'UTC')::date`, first)} as k, count(*)::int as n,
      count(*) filter (where rs.state = ${StageState.Rejected})::int as rejected
    from route_stages rs join document_routes dr on dr.id = rs.route_id
    join documents d on d.id = dr.document_id ${documentJoins}
    where ${documentsWhere(scope)} and rs.stage = ${Stage.Qc} and rs.state in (${StageState.Passed}, ${StageState.Rejected})
      and rs.closed_at >= ${start}::timestamp at time zone 'UTC'
      and rs.closed_at < (${last}::date + 1)::timestamp at time zone 'UTC'
    group by 1`);
  const docN = perWeek(docs.rows);
  const docWithin = perWeek(docs.rows.map((r) => ({ k: r.k, n: r.within })));
  const qcN = perWeek(qc.rows);
  const qcRejected = perWeek(qc.rows.map((r) => ({ k: r.k, n: r.rejected })));
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return ends.map((weekEnd, k) => ({
    weekEnd,
    completeness: ratio(f[k], c[k]),
    completenessDue: ratio(df[k], d[k]),
    timelinessPct: ratio(docWithin[k], docN[k]),
    rejectionRate: ratio(qcRejected[k], qcN[k]),
  }));
}
