import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/*
 * Many rows sent as one JSON parameter. Drizzle's multi-row VALUES makes a parameter and a few objects for every
 * value; an import's batches of 100 rows a statement (docs/exchange.md, Benchmark) made a third of what its filing
 * left for V8's full collections that way. One string per statement is all these make, and no statement nears
 * PostgreSQL's 65,535 parameters.
 */

type Value = string | number | boolean | null;

/** `rows` as a table to select from, each column cast to its type: `from ${jsonRows(['int', 'text'], rows)} v(id, name)`. */
export const jsonRows = (types: string[], rows: Value[][]): SQL =>
  sql`(select ${sql.raw(types.map((t, i) => `(e->>${i})::${t}`).join(', '))}
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e)`;

type Returned<R extends Record<string, PgColumn>> = { [K in keyof R]: R[K]['_']['data'] };

/**
 * Inserts `rows` (drizzle's insert shape) through jsonb_populate_recordset over the table's own row type, answering
 * `returning`'s columns in the rows' order. Every row has the first row's keys (a column left out takes its
 * default); a value goes as JSON writes it: a Date as its ISO instant, an object or array as jsonb, null as NULL.
 * `ignoreConflicts` skips a row a unique index already holds (ON CONFLICT DO NOTHING).
 */
export async function insertJson<T extends PgTable, R extends Record<string, PgColumn> = Record<string, never>>(
  tx: Tx,
  table: T,
  rows: Array<T['$inferInsert']>,
  opts: { returning?: R; ignoreConflicts?: boolean } = {},
): Promise<Array<Returned<R>>> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(first).filter((k) => columns[k] && first[k] !== undefined);
  const names = keys.map((k) => `"${columns[k].name}"`).join(', ');
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const k of keys) out[columns[k].name] = (row as Record<string, unknown>)[k] ?? null;
      return out;
    }),
  );
  const returning = Object.entries(opts.returning ?? {});
  const found = await tx.execute<Record<string, unknown>>(sql`insert into ${table} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)
    ${opts.ignoreConflicts ? sql`on conflict do nothing` : sql``}
    ${returning.length ? sql.raw(`returning ${returning.map(([k, c]) => `"${c.name}" as "${k}"`).join(', ')}`) : sql``}`);
  // Raw answers, as the driver gives them: each read as drizzle reads its column.
  return found.rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, c] of returning) out[k] = r[k] === null ? null : c.mapFromDriverValue(r[k]);
    return out as Returned<R>;
  });
}
