import type { Lang } from '@edoc/contract/enums';
import { StageState, TaskState } from '@edoc/contract/states';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ReportBody } from './report-documents.service.ts';
import { col, stageLabel, taskKindLabel, word } from './report-labels.ts';
import { docs, today, within, type ReportScope } from './report.policy.ts';

/** Open tasks on visible documents, opened within the date range. */
const openTasksOf = (scope: ReportScope) =>
  sql`tasks t join documents d on d.id = t.document_id join users u on u.id = t.user_id
      where t.project_id = ${scope.projectId} and t.state = ${TaskState.Open} and ${docs(scope)} ${within(scope, sql`t.created_at`)}`;

/** Each person's open tasks, split into those not yet due and those past their due day (stacked bars). */
export async function openTasks(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ id: number; name: string; open: number; overdue: number }>(
    sql`select u.id, u.name, count(*)::int as open,
          count(*) filter (where t.due_date < ${today(scope)})::int as overdue
        from ${openTasksOf(scope)}
        group by u.id, u.name order by open desc, u.name`,
  );
  const [notDue, overdue] = [word('notDue', lang), word('overdue', lang)];
  return {
    chart: 'hbar',
    // A bar opens the documents behind it: the person's open tasks, not yet due or overdue.
    points: rows.flatMap((r) => [
      { label: r.name, value: r.open - r.overdue, series: notDue, open: tasksOpen(scope, r.id, false) },
      { label: r.name, value: r.overdue, series: overdue, open: tasksOpen(scope, r.id, true) },
    ]),
    columns: [col('person', 'text', lang), col('open', 'number', lang), col('overdue', 'number', lang)],
    rows: rows.map((r) => ({ cells: [r.name, r.open, r.overdue], open: tasksOpen(scope, r.id) })),
  };
}

/** The document list behind a person's open tasks, within the report's folder and site. */
const tasksOpen = (scope: ReportScope, taskUserId: number, taskOverdue?: boolean) => ({
  taskUserId,
  ...(taskOverdue === undefined ? {} : { taskOverdue }),
  ...(scope.filters.folderId ? { folderId: scope.filters.folderId } : {}),
  ...(scope.filters.siteId ? { siteId: scope.filters.siteId } : {}),
});

/** Every open task past its due day (in the project's calendar), most overdue first; a row opens its document. */
export async function overdueTasks(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{
    fileId: number;
    doc: string;
    name: string;
    kind: string;
    due: string;
    late: number;
  }>(
    sql`select d.id as "fileId", d.name as doc, u.name, t.kind, to_char(t.due_date, 'YYYY-MM-DD') as due,
          (${today(scope)} - t.due_date)::int as late
        from ${openTasksOf(scope)} and t.due_date < ${today(scope)}
        order by late desc, t.id`,
  );
  const { rows: people } = await tx.execute<{ id: number; name: string; n: number }>(
    sql`select u.id, u.name, count(*)::int as n from ${openTasksOf(scope)} and t.due_date < ${today(scope)}
        group by u.id, u.name order by n desc, u.name`,
  );
  return {
    chart: 'hbar',
    points: people.map((p) => ({ label: p.name, value: p.n, open: tasksOpen(scope, p.id, true) })),
    columns: [
      col('document', 'text', lang),
      col('person', 'text', lang),
      col('task', 'text', lang),
      col('dueDate', 'date', lang),
      col('daysOverdue', 'number', lang),
    ],
    rows: rows.map((r) => ({
      cells: [r.doc, r.name, taskKindLabel(r.kind, lang), r.due, r.late],
      open: { fileId: r.fileId },
    })),
  };
}

/**
 * Stages decided (passed or rejected) within the date range, by the day they closed, on visible documents. A
 * withdrawn route's stages are left out: nobody decided them.
 */
const decidedStages = (scope: ReportScope) =>
  sql`route_stages s join document_routes r on r.id = s.route_id join documents d on d.id = r.document_id
      where r.project_id = ${scope.projectId} and s.state in (${StageState.Passed}, ${StageState.Rejected})
        and s.opened_at is not null and s.closed_at is not null
        and ${docs(scope)} ${within(scope, sql`s.closed_at`)}`;

/** Days each stage took, from opening to decision: average and 90th percentile, by the database. */
export async function stageDurations(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const days = sql`extract(epoch from (s.closed_at - s.opened_at)) / 86400`;
  const { rows } = await tx.execute<{ stage: number; n: number; avg: number; p90: number }>(
    sql`select s.stage, count(*)::int as n,
          round(avg(${days})::numeric, 2)::float8 as avg,
          round((percentile_cont(0.9) within group (order by ${days}))::numeric, 2)::float8 as p90
        from ${decidedStages(scope)}
        group by s.stage order by s.stage`,
  );
  const [avg, p90] = [word('avgDays', lang), word('p90Days', lang)];
  // Side by side, not as series: the chart stacks series, and a percentile on top of a mean means nothing.
  return {
    chart: 'bar',
    points: rows.flatMap((r) => [
      { label: `${stageLabel(r.stage, lang)} · ${avg}`, value: r.avg, open: null },
      { label: `${stageLabel(r.stage, lang)} · ${p90}`, value: r.p90, open: null },
    ]),
    columns: [
      col('stage', 'text', lang),
      col('closed', 'number', lang),
      col('avgDays', 'number', lang),
      col('p90Days', 'number', lang),
    ],
    rows: rows.map((r) => ({ cells: [stageLabel(r.stage, lang), r.n, r.avg, r.p90], open: null })),
  };
}

/** Of the stages decided, the share rejected, in per cent with one decimal. */
export async function stageRejections(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ stage: number; n: number; rejected: number; rate: number }>(
    sql`select s.stage, count(*)::int as n, count(*) filter (where s.state = ${StageState.Rejected})::int as rejected,
          round(100.0 * count(*) filter (where s.state = ${StageState.Rejected}) / count(*), 1)::float8 as rate
        from ${decidedStages(scope)}
        group by s.stage order by s.stage`,
  );
  return {
    chart: 'bar',
    points: rows.map((r) => ({ label: stageLabel(r.stage, lang), value: r.rate, open: null })),
    columns: [
      col('stage', 'text', lang),
      col('decided', 'number', lang),
      col('rejected', 'number', lang),
      col('rate', 'percent', lang),
    ],
    rows: rows.map((r) => ({ cells: [stageLabel(r.stage, lang), r.n, r.rejected, r.rate], open: null })),
  };
}
