import {
  CUSTOM_GROUP_CAP,
  type CustomReportResult,
  type ReportDefinition,
  type ReportFilter,
} from '@edoc/contract/custom-report';
import { fieldOf, type CustomDataset } from '@edoc/contract/custom-report-fields';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { likePattern } from '../../lib/sql.ts';
import type { ReportViewer } from './custom-report-rights.ts';
import { datasetSql, type FieldSql } from './custom-report-sql.ts';

/*
 * A checked definition (definitionProblems found nothing) as SQL. Field keys choose expressions from the whitelist of
 * custom-report-sql.ts; filter values are parameters. Groups are taken over a subquery so the grouping key is one
 * column, whatever parameters its expression holds.
 */

type Value = string | number;

/** The condition of one filter; the field's kind decides the comparison (a date compares its day). */
function condition(f: ReportFilter, field: FieldSql, kind: string): SQL {
  const target = kind === 'date' ? field.day! : field.value;
  const cast = kind === 'date' ? sql`::date` : sql``;
  const v = f.value as Value | Value[] | null | undefined;
  const list = (Array.isArray(v) ? v : [v]) as Value[];
  const p = (x: Value) => sql`${x}${cast}`;
  switch (f.op) {
    case 'empty':
      return sql`(${field.value} is null or ${field.value}::text = '')`;
    case 'notEmpty':
      return sql`(${field.value} is not null and ${field.value}::text <> '')`;
    case 'contains':
      return sql`${target} ilike ${likePattern(String(v))}`;
    case 'in':
      // Compared as text: one rule for numeric and coded enums, and no parameter type to guess.
      return sql`${target}::text = any(${sql.param(list.map(String))}::text[])`;
    case 'between':
      return sql`${target} between ${p(list[0]!)} and ${p(list[1]!)}`;
    case 'ne':
      // "Not X" keeps the rows without a value: a person asking for "not archived" means those too.
      return sql`${target} is distinct from ${p(v as Value)}`;
    case 'gt':
    case 'after':
      return sql`${target} > ${p(v as Value)}`;
    case 'lt':
    case 'before':
      return sql`${target} < ${p(v as Value)}`;
    case 'eq':
      return kind === 'text' || kind === 'enum'
        ? sql`${target}::text = ${String(v)}`
        : sql`${target} = ${p(v as Value)}`;
  }
}

export async function runDefinition(tx: Tx, def: ReportDefinition, viewer: ReportViewer): Promise<CustomReportResult> {
  const ds = datasetSql(def.dataset, viewer);
  const dataset = def.dataset as CustomDataset;
  const field = (key: string) => ds.fields[key]!;
  const kind = (key: string) => fieldOf(dataset, key)!.kind;
  const where = sql.join(
    [ds.where(viewer), ...def.filters.map((f) => condition(f, field(f.field), kind(f.field)))],
    sql` and `,
  );
  const base = sql`from ${ds.from} where ${where}`;
  const measured = def.measure.fn === 'count' ? null : field(def.measure.field!).value;
  const aggregate = (column: SQL) =>
    def.measure.fn === 'count'
      ? sql`count(*)::float8`
      : def.measure.fn === 'sum'
        ? sql`coalesce(sum(${column}), 0)::float8`
        : sql`round(avg(${column})::numeric, 2)::float8`;

  const totals = await tx.execute<{ n: number; m: number | null }>(
    sql`select count(*)::int as n, ${aggregate(sql`m`)} as m from (select ${measured ?? sql`1`} as m ${base}) q`,
  );
  const total = totals.rows[0]?.n ?? 0;

  let groups: CustomReportResult['groups'] = null;
  if (def.groupBy) {
    const g = field(def.groupBy);
    const dated = kind(def.groupBy) === 'date';
    // A date groups by month on the project's calendar; dates and numbers read in order, the rest largest first.
    const key = dated ? sql`to_char(${g.day!}, 'YYYY-MM')` : g.value;
    const ordered = dated || kind(def.groupBy) === 'number' ? sql`k asc nulls last` : sql`v desc, k asc nulls last`;
    const rows = await tx.execute<{ k: unknown; v: number }>(
      sql`select k, ${aggregate(sql`m`)} as v from (select ${key} as k, ${measured ?? sql`1`} as m ${base}) q
          group by k order by ${ordered} limit ${CUSTOM_GROUP_CAP}`,
    );
    groups = rows.rows.map((r) => ({ key: r.k === null ? null : (r.k as string | number), value: Number(r.v) }));
  }

  const order = def.sort
    ? sql`${field(def.sort.field).value} ${sql.raw(def.sort.dir === 'asc' ? 'asc nulls first' : 'desc nulls last')}`
    : ds.order;
  const selected = sql.join(
    def.columns.map((c, i) => sql`${field(c).value} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const page = await tx.execute<Record<string, unknown>>(
    sql`select ${selected} ${base} order by ${order} limit ${def.limit}`,
  );
  return {
    columns: def.columns,
    rows: page.rows.map((r) => def.columns.map((c, i) => cell(r[`c${i}`], kind(c)))),
    total,
    capped: total > page.rows.length,
    groups,
    summary: totals.rows[0]?.m === null || totals.rows[0]?.m === undefined ? null : Number(totals.rows[0].m),
  };
}

/** Numbers come back from PostgreSQL as text when they are numeric or bigint: a number column answers numbers. */
function cell(v: unknown, kind: string): string | number | null {
  if (v === null || v === undefined) return null;
  if (kind === 'number' || (kind === 'enum' && typeof v === 'number')) return Number(v);
  return typeof v === 'number' ? v : String(v);
}
