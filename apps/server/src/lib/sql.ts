import { COUNT_CAP } from '@edoc/contract/envelope';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** `%`, `_` and `\` typed into a search box are searched for, not treated as wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows of a select counted up to COUNT_CAP (issue 13): a list of a large project says "10,000+" instead of
 * counting every row, which would cost more than the page itself.
 */
export async function cappedCount(db: Tx, rows: { limit(n: number): SQLWrapper }) {
  const counted = await db.execute<{ n: number }>(sql`select ${cappedCountOf(rows)} as n`);
  return cappedTotal(counted.rows[0]?.n ?? 0);
}

/** cappedCount's count as an expression, to ride in the page's own statement (one round trip fewer, issue 30). */
export const cappedCountOf = (rows: { limit(n: number): SQLWrapper }) =>
  sql<number>`(select count(*)::int from (${rows.limit(COUNT_CAP + 1)}) as rows)`;

/** The total a list answers for a count up to COUNT_CAP + 1. */
export const cappedTotal = (n: number) => ({ total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP });

/**
 * A filter's days (YYYY-MM-DD, whole days in UTC) as the bounds of a time: from the start day's midnight, and before
 * the midnight after the end day, so the end day is included. Null where the day is not given.
 */
export const dayBounds = (start?: string | null, end?: string | null) => ({
  from: start ? new Date(`${start}T00:00:00Z`) : null,
  to: end ? new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000) : null,
});
