import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from './context.ts';

/** Tables every request may touch whatever it asks (the session's idle clock, captchas, sign-in throttling). */
export const VOLATILE = new Set(['sessions', 'captchas', 'login_failures', 'idempotency_keys', 'job_runs']);

export interface SnapshotOptions {
  /** More tables to leave out: what background jobs write whatever the requests do. */
  volatile?: string[];
  /** Columns to leave out, by table: a clock every call moves, refused or not. */
  clocks?: Record<string, string[]>;
}

/**
 * A fingerprint of every row of every table but the volatile ones, and of the blob store's files: the bad-input
 * tests compare it before and after a refused request, which must change nothing.
 */
export async function dataSnapshot(ctx: TestContext, opts: SnapshotOptions = {}): Promise<string> {
  const skip = new Set([...VOLATILE, ...(opts.volatile ?? [])]);
  const tables = (
    await ctx.db.execute<{ name: string }>(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)
  ).rows
    .map((r) => r.name)
    .filter((t) => !skip.has(t))
    .sort();
  // Any insert, update or delete of a row leaves a row version with a newer transaction id (xmin), or another count:
  // reading those two is far cheaper than hashing every row, which was most of these tests' time. A table with a
  // clock is hashed without the clock's columns instead.
  const part = (t: string) => {
    const cols = opts.clocks?.[t];
    if (!cols) return `SELECT '${t}' AS t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS h FROM "${t}"`;
    const row = `(to_jsonb(x) - ARRAY[${cols.map((c) => `'${c}'`).join(', ')}])::text`;
    return `SELECT '${t}' AS t, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS h FROM "${t}" x`;
  };
  const parts = tables.map(part);
  const rows = (await ctx.db.execute<{ t: string; h: string }>(sql.raw(parts.join(' UNION ALL ')))).rows;
  // Files only: the store's shard folders may stay behind a removed blob, holding nothing.
  const entries = await fs
    .readdir(path.join(ctx.dataDir, 'blobs'), { recursive: true, withFileTypes: true })
    .catch(() => []);
  const blobs = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return JSON.stringify([rows.sort((a, b) => a.t.localeCompare(b.t)), blobs.sort()]);
}
