import type { TmfLevel } from '@edoc/contract/tmf-model';
import { tmfName } from '@edoc/contract/tmf-model';
import type {
  TmfIssueRow,
  TmfIssuesQuery,
  TmfItemRow,
  TmfItemsQuery,
  TmfLateQuery,
  TmfLateRow,
} from '@edoc/contract/tmf-health';
import type { QualityIssueCategory, QualityIssueState } from '@edoc/contract/quality-issue';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { healthScope, type HealthScope } from './tmf-health.policy.ts';
import {
  documentJoins,
  documentKey,
  documentsWhere,
  filedDay,
  itemKey,
  itemsFrom,
  today,
  keyIs,
  openable,
  targetDays,
  thisMonday,
  withinTarget,
} from './tmf-health-sql.ts';
import { cellAxis, cellKey, cellsFrom } from './tmf-health-cells.ts';

/*
 * The drill-downs of the TMF health figures (issue 27 part 6): each list is the rows its figure counts, over the
 * same scope and the same SQL (tmf-health-sql.ts), so the count of 'missing' is the figure open, of 'overdue' the
 * figure overdue, of late documents timeliness.documents − withinTarget, of issues the category counts. One
 * exception: a list names only documents the caller may open (openable), so a member who sees an artifact through one
 * of its folders and not through another finds fewer rows than the figure counts, never a name they may not read.
 */

const ITEM_LISTS: Record<TmfItemsQuery['list'], SQL> = {
  missing: sql`i.state = 'expected'`,
  overdue: sql`i.state = 'expected' and i.due_date < ${today}`,
  filed: sql`i.state = 'filed'`,
  not_applicable: sql`i.state = 'not_applicable'`,
};

/** The same lists' counts from the cells (tmf-health-cells.ts); healthItems adds the overdue items due this week. */
const CELL_LISTS: Record<TmfItemsQuery['list'], SQL> = {
  missing: sql`c.tag = 'expected'`,
  overdue: sql`c.tag = 'expected' and c.k between 0 and tmf_week(${today}) - 1`,
  filed: sql`c.tag = 'filed'`,
  not_applicable: sql`c.tag = 'not_applicable'`,
};

const pageOf = (q: { page: number; pageSize: number }) => sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;

async function readOnly<T>(
  deps: Deps,
  ctx: ProjectContext,
  q: TmfLateQuery,
  run: (tx: Tx, s: HealthScope) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => run(tx, await healthScope(tx, ctx, q)), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** GET /tmf-health/items: one list of items, due first. */
export function healthItems(deps: Deps, ctx: ProjectContext, q: TmfItemsQuery) {
  return readOnly(deps, ctx, q, async (tx, scope) => {
    // By person, an item is in a person's group through a document of theirs that files it (no key: every item once).
    const from = itemsFrom(scope, q.groupBy === 'person' && q.key !== undefined ? 'person' : undefined);
    const where = sql`and ${ITEM_LISTS[q.list]} ${q.groupBy === 'person' && q.key === undefined ? sql`` : keyIs(itemKey(q.groupBy), q.key)}`;
    // Counted from the cells where they answer the scope: counting 80,000 missing items of 200,000 took longer than
    // the page (a person's list counts its rows, which no cell keeps: cellAxis answers none by person).
    const by = q.key === undefined ? 'all' : q.groupBy;
    const axis = cellAxis(scope, by);
    const total = axis
      ? await tx.execute<{ n: number }>(
          sql`select (coalesce(sum(c.n), 0) + ${
            q.list === 'overdue'
              ? sql`(select count(*) ${itemsFrom(scope)} ${where} and i.due_date >= ${thisMonday})`
              : sql`0`
          })::int as n ${cellsFrom(scope, axis, ['items'], by)} and ${CELL_LISTS[q.list]} ${keyIs(cellKey(q.groupBy), q.key)}`,
        )
      : await tx.execute<{ n: number }>(sql`select count(*)::int as n ${from} ${where}`);
    const rows = await tx.execute<{
      id: number;
      number: string;
      name_en: string;
      name_zh: string | null;
      level: TmfLevel;
      country_code: string | null;
      site_name: string | null;
      occurrence: number;
      due_date: string | null;
      state: TmfItemRow['state'];
      overdue: boolean;
      documents: Array<{ id: number; name: string }>;
    }>(sql`select i.id, a.number, a.name_en, a.name_zh, i.level, s.name as site_name, i.occurrence,
        i.due_date::text as due_date, i.state, coalesce(i.state = 'expected' and i.due_date < ${today}, false) as overdue,
        (select c.code from countries c where c.id = coalesce(i.country_id, s.country_id)) as country_code,
        (select coalesce(json_agg(json_build_object('id', fd.id, 'name', fd.name) order by fd.id), '[]')
          from expected_item_documents e join documents fd on fd.id = e.document_id and fd.deleted_at is null
          where e.item_id = i.id ${openable(scope, 'fd')}) as documents
      ${from} ${where} order by i.due_date asc nulls last, a.number, i.occurrence, i.id ${pageOf(q)}`);
    const items: TmfItemRow[] = rows.rows.map((r) => ({
      id: r.id,
      artifactNumber: r.number,
      artifactName: tmfName({ nameEn: r.name_en, nameZh: r.name_zh }, ctx.lang),
      level: r.level,
      countryCode: r.country_code,
      siteName: r.site_name,
      occurrence: r.occurrence,
      dueDate: r.due_date,
      state: r.state,
      overdue: r.overdue,
      documents: r.documents,
    }));
    return { items, total: total.rows[0].n };
  });
}

/** GET /tmf-health/late: documents filed after the target, the latest filed first. */
export function healthLate(deps: Deps, ctx: ProjectContext, q: TmfLateQuery) {
  return readOnly(deps, ctx, q, async (tx, scope) => {
    const from = sql`from documents d ${documentJoins} left join users u on u.id = d.created_by
      where ${documentsWhere(scope)} and d.document_date is not null and not (${withinTarget(scope)})
      ${openable(scope, 'd')} ${keyIs(documentKey(q.groupBy), q.key)}`;
    // The count from the cells where they answer: every document of the scope the caller may also open.
    const by = q.key === undefined ? 'all' : q.groupBy;
    const axis = scope.folderIds ? null : cellAxis(scope, by);
    const total = await tx.execute<{ n: number }>(
      axis
        ? sql`select coalesce(sum(c.n), 0)::int as n ${cellsFrom(scope, axis, ['days'], by)} and c.k2 = 0
            ${keyIs(cellKey(q.groupBy), q.key)}`
        : sql`select count(*)::int as n ${from}`,
    );
    const rows = await tx.execute<TmfLateRow & { createdByName: string | null }>(sql`select d.id as "documentId",
        d.name, a.number as "artifactNumber", d.document_date::text as "documentDate", ${filedDay}::text as "filedOn",
        ${targetDays(scope)} as days, u.name as "createdByName"
      ${from} order by d.created_at desc, d.id desc ${pageOf(q)}`);
    return { items: rows.rows.map((r) => ({ ...r, createdByName: r.createdByName ?? '' })), total: total.rows[0].n };
  });
}

/** GET /tmf-health/issues: open and resolved quality issues, the newest first. */
export function healthIssues(deps: Deps, ctx: ProjectContext, q: TmfIssuesQuery) {
  return readOnly(deps, ctx, q, async (tx, scope) => {
    const from = sql`from quality_issues q join documents d on d.id = q.document_id ${documentJoins}
      left join users u on u.id = q.assignee_id
      where q.project_id = ${scope.projectId} and q.state in ('open', 'resolved') and ${documentsWhere(scope)}
      ${openable(scope, 'd')} ${q.category ? sql`and q.category = ${q.category}` : sql``} ${keyIs(documentKey(q.groupBy), q.key)}`;
    const total = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
    const rows = await tx.execute<{
      id: number;
      documentId: number;
      documentName: string;
      category: QualityIssueCategory;
      state: QualityIssueState;
      assigneeName: string | null;
      createdAt: Date;
    }>(sql`select q.id, q.document_id as "documentId", d.name as "documentName", q.category, q.state,
        u.name as "assigneeName", q.created_at as "createdAt"
      ${from} order by q.created_at desc, q.id desc ${pageOf(q)}`);
    const items: TmfIssueRow[] = rows.rows.map((r) => ({
      ...r,
      assigneeName: r.assigneeName ?? '',
      createdAt: new Date(r.createdAt).toISOString(),
    }));
    return { items, total: total.rows[0].n };
  });
}
