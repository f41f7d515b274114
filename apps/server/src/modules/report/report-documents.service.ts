import type { Lang } from '@edoc/contract/enums';
import type { ReportAnswer } from '@edoc/contract/report';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { col, statusLabel, word } from './report-labels.ts';
import { dayOf, docs, openBase, within, type ReportScope } from './report.policy.ts';

/** A report's chart and table without its title and zone (report.service.ts adds them). */
export type ReportBody = Omit<ReportAnswer, 'title' | 'timeZone'>;

/** Documents filed (created) in the date range, visible and live: the set every document report groups. */
const filed = (scope: ReportScope) => sql`${docs(scope, { status: true })} ${within(scope, sql`d.created_at`)}`;

/** One bar and one row per group: the label, the count, and the list a click opens. */
function counted(rows: Array<{ label: string; n: number; open: ReportBody['rows'][number]['open'] }>) {
  return {
    points: rows.map((r) => ({ label: r.label, value: r.n, open: r.open })),
    rows: rows.map((r) => ({ cells: [r.label, r.n], open: r.open })),
  };
}

export async function docsByStatus(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ status: number; n: number }>(
    sql`select d.status, count(*)::int as n from documents d where ${filed(scope)} group by d.status order by d.status`,
  );
  const base = openBase(scope);
  const c = counted(
    rows.map((r) => ({ label: statusLabel(r.status, lang), n: r.n, open: { ...base, status: r.status } })),
  );
  return {
    chart: 'bar',
    points: c.points,
    rows: c.rows,
    columns: [col('status', 'text', lang), col('count', 'number', lang)],
  };
}

/** Each folder's own documents (not its subfolders'), named with its ICH code so twins are told apart. */
export async function docsByFolder(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ id: number; name: string; nameEn: string | null; ich: string | null; n: number }>(
    sql`select f.id, f.name, f.name_en as "nameEn", f.ich_code as ich, count(*)::int as n
        from documents d join folders f on f.id = d.folder_id
        where ${filed(scope)}
        group by f.id order by n desc, f.sort_order, f.id`,
  );
  const base = openBase(scope, { status: true });
  const c = counted(
    rows.map((r) => {
      const name = lang === 'en-US' && r.nameEn ? r.nameEn : r.name;
      return { label: r.ich ? `${r.ich} ${name}` : name, n: r.n, open: { ...base, folderId: r.id } };
    }),
  );
  return {
    chart: 'hbar',
    points: c.points,
    rows: c.rows,
    columns: [col('folder', 'text', lang), col('count', 'number', lang)],
  };
}

/** Site documents by their site; central ones (all sites) in a row of their own, which no site filter opens. */
export async function docsBySite(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ id: number | null; name: string | null; code: string | null; n: number }>(
    sql`select s.id, s.name, s.code, count(*)::int as n
        from documents d left join sites s on s.id = d.site_id and not d.central
        where ${filed(scope)}
        group by s.id order by s.id nulls first`,
  );
  const base = openBase(scope, { status: true });
  const c = counted(
    rows.map((r) => ({
      label: r.id === null ? word('central', lang) : `${r.code} ${r.name}`,
      n: r.n,
      open: r.id === null ? null : { ...base, siteId: r.id },
    })),
  );
  return {
    chart: 'bar',
    points: c.points,
    rows: c.rows,
    columns: [col('site', 'text', lang), col('count', 'number', lang)],
  };
}

/** By the current version's file type (its extension). */
export async function docsByType(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const { rows } = await tx.execute<{ type: string; n: number }>(
    sql`select lower(v.extension) as type, count(*)::int as n
        from documents d join document_versions v on v.id = d.current_version_id
        where ${filed(scope)}
        group by 1 order by n desc, 1`,
  );
  const base = openBase(scope, { status: true });
  const c = counted(rows.map((r) => ({ label: r.type, n: r.n, open: { ...base, type: r.type } })));
  return {
    chart: 'pie',
    points: c.points,
    rows: c.rows,
    columns: [col('type', 'text', lang), col('count', 'number', lang)],
  };
}

/** Filed per month of the project's calendar; a month's bar opens the documents filed in it (within the range). */
export async function docsFiledPerMonth(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  // The month is named once, in a subquery: a zone passed as a parameter twice is not "the same expression" to GROUP BY.
  const { rows } = await tx.execute<{ month: string; first: string; last: string; n: number }>(
    sql`select to_char(m, 'YYYY-MM') as month, to_char(m, 'YYYY-MM-DD') as first,
          to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as last, count(*)::int as n
        from (select date_trunc('month', ${dayOf(scope, sql`d.created_at`)}) as m from documents d where ${filed(scope)}) x
        group by m order by m`,
  );
  const { dateFrom, dateTo } = scope.filters;
  const base = openBase(scope, { status: true });
  const c = counted(
    rows.map((r) => ({
      label: r.month,
      n: r.n,
      open: {
        ...base,
        filedFrom: dateFrom && dateFrom > r.first ? dateFrom : r.first,
        filedTo: dateTo && dateTo < r.last ? dateTo : r.last,
      },
    })),
  );
  return {
    chart: 'bar',
    points: c.points,
    rows: c.rows,
    columns: [col('month', 'text', lang), col('count', 'number', lang)],
  };
}
