import { StageState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import { QUALITY_ISSUE_CATEGORIES, type QualityIssueCategory } from '@edoc/contract/quality-issue';
import type { TmfFigures, TmfGroupBy } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lanesFor, type Lanes } from '../../db/shared-snapshot.ts';
import type { HealthScope } from './tmf-health.policy.ts';
import {
  calendarDays,
  documentJoins,
  documentKey,
  documentsWhere,
  itemKey,
  itemsFrom,
  thisMonday,
  today,
  withinTarget,
} from './tmf-health-sql.ts';
import { cellAxis, cellKey, cellsFrom } from './tmf-health-cells.ts';

/*
 * The figures of issue 27 part 6, one grouped query per family (items, timeliness, QC, issues), each answering a
 * row per group key ('all' for the total). docs/tmf-health.md states every rule; today is the UTC calendar day.
 */

type Key = TmfGroupBy | 'all';
type Row<T> = T & { key: string | null };

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * Groups by the key, and with `total` also over everything in the same pass (grouping sets): that row's key is
 * null (no group's key is: a missing country or site reads 'none'), read as 'all'.
 */
const groupBy = (key: SQL, total: boolean, by: Key) =>
  by === 'all' ? sql`group by 1` : total ? sql`group by grouping sets ((${key}), ())` : sql`group by ${key}`;
const keyed = <T extends { key: string | null }>(rows: T[]) => rows.map((r) => ({ ...r, key: r.key ?? 'all' }));

/**
 * Items by state and due date. The cells (tmf-health-cells.ts) know the week an item is due, not the day: with them
 * the items due this week are counted live (a few of them, by the state and due date index), every other from cells.
 */
async function itemCounts(tx: Tx, scope: HealthScope, by: Key, total: boolean) {
  const axis = cellAxis(scope, by);
  const counts = (itemN: SQL, state: SQL, due: (op: SQL) => SQL) => sql`
    coalesce(sum(${itemN}) filter (where ${state} <> 'not_applicable'), 0)::int as expected,
    coalesce(sum(${itemN}) filter (where ${state} = 'filed'), 0)::int as filed,
    coalesce(sum(${itemN}) filter (where ${state} = 'not_applicable'), 0)::int as na,
    coalesce(sum(${itemN}) filter (where ${state} = 'expected' and ${due(sql`<`)}), 0)::int as overdue,
    coalesce(sum(${itemN}) filter (where ${state} <> 'not_applicable' and ${due(sql`<=`)}), 0)::int as due,
    coalesce(sum(${itemN}) filter (where ${state} = 'filed' and ${due(sql`<=`)}), 0)::int as filed_due`;
  const live = await tx.execute<ItemRow>(sql`select ${itemKey(by)} as key,
      ${counts(sql`1`, sql`i.state`, (op) => sql`i.due_date ${op} ${today}`)}
    ${itemsFrom(scope, by === 'all' ? undefined : by)} ${axis ? sql`and i.due_date between ${thisMonday} and ${today}` : sql``}
    ${groupBy(itemKey(by), total, by)}`);
  if (!axis) return keyed(live.rows);
  const cells = await tx.execute<ItemRow>(sql`select ${cellKey(by)} as key,
      ${counts(sql`c.n`, sql`c.tag`, () => sql`c.k between 0 and tmf_week(${today}) - 1`)}
    ${cellsFrom(scope, axis, ['items'], by)} ${groupBy(cellKey(by), total, by)} having sum(c.n) <> 0`);
  const thisWeek = new Map(keyed(live.rows).map((r) => [r.key, r]));
  return keyed(cells.rows).map((r) => {
    const w = thisWeek.get(r.key);
    return w ? { ...r, overdue: r.overdue + w.overdue, due: r.due + w.due, filed_due: r.filed_due + w.filed_due } : r;
  });
}

type ItemRow = Row<{ expected: number; filed: number; na: number; overdue: number; due: number; filed_due: number }>;

/**
 * Timeliness from a histogram: documents per (group, calendar days, within the target), summed per group and, with
 * `total`, over all groups (each document is in one group) in PostgreSQL, which answers a row per group. A hash of a
 * few thousand rows replaces sorting every document for percentile_cont (at a tenth of the benchmark, 100,000 rows
 * spilled to disk), and the groups' medians are read off the histogram's running sums rather than sending it here
 * (by site some 30,000 rows at the benchmark's scale). The median is percentile_cont's own: the value at the middle
 * position (n − 1) / 2 (0-based), or the mean of the two around it.
 */
async function timelinessCounts(tx: Tx, scope: HealthScope, by: Key, total: boolean) {
  // Everything, or a zone, section or artifact key, needs only each document's artifact: the documents are counted
  // per (artifact, days, within) first, and those few thousand rows joined to artifacts and sections (joining every
  // document cost more than reading it: 1.3 of 2.8 s in the benchmark's plan). A country narrowing needs the sites.
  const axis = cellAxis(scope, by);
  const byArtifact = ['all', 'zone', 'section', 'artifact'].includes(by) && !scope.countryId;
  const histogram = axis
    ? sql`select ${cellKey(by)} as key, c.k as days, c.k2 = 1 as within, sum(c.n)::int as n
        ${cellsFrom(scope, axis, ['days'], by)} group by 1, 2, 3 having sum(c.n) <> 0`
    : byArtifact
      ? sql`select ${documentKey(by)} as key, d.days, d.within, sum(d.n)::int as n
        from (select d.artifact_id, ${calendarDays} as days, ${withinTarget(scope)} as within, count(*) as n
          from documents d where ${documentsWhere(scope)} and d.document_date is not null group by 1, 2, 3) d
        join tmf_artifacts a on a.id = d.artifact_id join tmf_sections sec on sec.id = a.section_id
        group by 1, 2, 3`
      : sql`select ${documentKey(by)} as key, ${calendarDays} as days, ${withinTarget(scope)} as within,
          count(*)::int as n
        from documents d ${documentJoins}
        where ${documentsWhere(scope)} and d.document_date is not null group by 1, 2, 3`;
  // Per group and day (the total's key null, as groupBy's), then each day's running sum within its group: the value
  // at 0-based position p is the first day whose running sum passes p; floor and ceil of (n − 1) / 2 are (n − 1) / 2
  // and n / 2 in integers. Integers throughout: sums of bigint are numeric, several times slower to add and compare.
  const r = await tx.execute<Row<{ n: number; within: number; median: number | null }>>(sql`
    with h as (${histogram}),
    per_day as (select key, days, sum(n)::int as n, coalesce(sum(n) filter (where within), 0)::int as within
      from h ${total && by !== 'all' ? sql`group by grouping sets ((key, days), (days))` : sql`group by key, days`}),
    run as (select key, days, n, within, sum(n) over (partition by key order by days) as upto,
        sum(n) over (partition by key) as whole
      from per_day)
    select key, max(whole)::int as n, sum(within)::int as within,
      ((min(days) filter (where upto > (whole - 1) / 2) + min(days) filter (where upto > whole / 2))::float8 / 2) as median
    from run group by key having max(whole) > 0`);
  return keyed(r.rows);
}

/** Closed QC stages (stage 4, passed 1 or rejected 2); a document's first is its earliest closed one. */
async function qcCounts(tx: Tx, scope: HealthScope, by: Key, total: boolean) {
  const axis = cellAxis(scope, by);
  if (axis) {
    // Stages (qc: n decided, m rejected) and documents (qc_first: n with a closed stage, m whose first passed).
    const cells = await tx.execute<Row<{ decided: number; rejected: number; docs: number; first_passed: number }>>(sql`
      select ${cellKey(by)} as key,
        coalesce(sum(c.n) filter (where c.family = 'qc'), 0)::int as decided,
        coalesce(sum(c.m) filter (where c.family = 'qc'), 0)::int as rejected,
        coalesce(sum(c.n) filter (where c.family = 'qc_first'), 0)::int as docs,
        coalesce(sum(c.m) filter (where c.family = 'qc_first'), 0)::int as first_passed
      ${cellsFrom(scope, axis, ['qc', 'qc_first'], by)}
      ${groupBy(cellKey(by), total, by)} having sum(c.n) <> 0 or sum(c.m) <> 0`);
    return keyed(cells.rows);
  }
  const r = await tx.execute<Row<{ decided: number; rejected: number; docs: number; first_passed: number }>>(sql`
    select key, count(*)::int as decided, count(*) filter (where state = ${StageState.Rejected})::int as rejected,
      count(distinct doc)::int as docs, count(*) filter (where first and state = ${StageState.Passed})::int as first_passed
    from (select ${documentKey(by)} as key, d.id as doc, rs.state,
        row_number() over (partition by d.id order by rs.closed_at, rs.id) = 1 as first
      from route_stages rs join document_routes dr on dr.id = rs.route_id
      join documents d on d.id = dr.document_id ${documentJoins}
      where ${documentsWhere(scope)} and rs.stage = ${Stage.Qc} and rs.state in (${StageState.Passed}, ${StageState.Rejected})) qc
    ${groupBy(sql`key`, total, by)}`);
  return keyed(r.rows);
}

/** Open and resolved issues by category; open ones apart. */
async function issueCounts(tx: Tx, scope: HealthScope, by: Key, total: boolean) {
  const axis = cellAxis(scope, by);
  if (axis) {
    const cells = await tx.execute<Row<{ category: QualityIssueCategory; n: number; open: number }>>(sql`select
        ${cellKey(by)} as key, c.tag as category, sum(c.n)::int as n, sum(c.m)::int as open
      ${cellsFrom(scope, axis, ['issues'], by)}
      ${total ? sql`group by grouping sets ((${cellKey(by)}, c.tag), (c.tag))` : sql`group by 1, 2`}
      having sum(c.n) <> 0`);
    return keyed(cells.rows);
  }
  const r = await tx.execute<Row<{ category: QualityIssueCategory; n: number; open: number }>>(sql`select
      ${documentKey(by)} as key, q.category, count(*)::int as n, count(*) filter (where q.state = 'open')::int as open
    from quality_issues q join documents d on d.id = q.document_id ${documentJoins}
    where q.project_id = ${scope.projectId} and q.state in ('open', 'resolved') and ${documentsWhere(scope)}
    ${total ? sql`group by grouping sets ((${documentKey(by)}, q.category), (q.category))` : sql`group by 1, 2`}`);
  return keyed(r.rows);
}

export const emptyFigures = (): TmfFigures => figuresOf({}, {}, {}, []);

function figuresOf(
  items: Partial<Awaited<ReturnType<typeof itemCounts>>[number]>,
  time: Partial<Awaited<ReturnType<typeof timelinessCounts>>[number]>,
  qc: Partial<Awaited<ReturnType<typeof qcCounts>>[number]>,
  issues: Awaited<ReturnType<typeof issueCounts>>,
): TmfFigures {
  const expected = items.expected ?? 0;
  const filed = items.filed ?? 0;
  const due = items.due ?? 0;
  const issuesByCategory = Object.fromEntries(QUALITY_ISSUE_CATEGORIES.map((c) => [c, 0])) as Record<
    QualityIssueCategory,
    number
  >;
  for (const row of issues) issuesByCategory[row.category] += row.n;
  return {
    expected,
    filed,
    notApplicable: items.na ?? 0,
    open: expected - filed,
    overdue: items.overdue ?? 0,
    dueByToday: due,
    filedDueByToday: items.filed_due ?? 0,
    completeness: ratio(filed, expected),
    completenessDue: ratio(items.filed_due ?? 0, due),
    timeliness: {
      documents: time.n ?? 0,
      withinTarget: time.within ?? 0,
      pct: ratio(time.within ?? 0, time.n ?? 0),
      medianDays: time.median ?? null,
    },
    quality: {
      qcDecided: qc.decided ?? 0,
      qcRejected: qc.rejected ?? 0,
      rejectionRate: ratio(qc.rejected ?? 0, qc.decided ?? 0),
      firstTimeRight: ratio(qc.first_passed ?? 0, qc.docs ?? 0),
      openIssues: issues.reduce((n, row) => n + row.open, 0),
      issuesByCategory,
    },
  };
}

/**
 * The figures per group key, every group that has anything to count; with `total`, also the figures of everything
 * under the key 'all', counted in the same queries (by 'all': that alone). Given lanes on one snapshot
 * (db/shared-snapshot.ts), the four families are counted side by side.
 */
export async function figuresBy(
  tx: Tx | Lanes,
  scope: HealthScope,
  by: Key,
  total = false,
): Promise<Map<string, TmfFigures>> {
  const lanes = lanesFor(tx);
  const [items, time, qc, issues] = await Promise.all([
    lanes.run((t) => itemCounts(t, scope, by, total)),
    lanes.run((t) => timelinessCounts(t, scope, by, total)),
    lanes.run((t) => qcCounts(t, scope, by, total)),
    lanes.run((t) => issueCounts(t, scope, by, total)),
  ]);
  const index = <T extends { key: string }>(rows: T[]) => new Map(rows.map((r) => [r.key, r]));
  const [itemsOf, timeOf, qcOf] = [index(items), index(time), index(qc)];
  const issuesOf = new Map<string, typeof issues>();
  for (const row of issues) issuesOf.set(row.key, [...(issuesOf.get(row.key) ?? []), row]);
  const keys = new Set([...items, ...time, ...qc, ...issues].map((r) => r.key));
  return new Map(
    [...keys].map((key) => [
      key,
      figuresOf(itemsOf.get(key) ?? {}, timeOf.get(key) ?? {}, qcOf.get(key) ?? {}, issuesOf.get(key) ?? []),
    ]),
  );
}

/** The figures of everything the scope counts. */
export async function totalFigures(tx: Tx, scope: HealthScope): Promise<TmfFigures> {
  return (await figuresBy(tx, scope, 'all')).get('all') ?? emptyFigures();
}
