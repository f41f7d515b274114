import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase<Record<string, never>> & { $client: pg.Pool };
/** A transaction or the database itself: services take either, so callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

// Dates come back as JS Dates; int8 counts (count(*)) as numbers, since no count here nears 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** How long a caller waits for a database connection before the database counts as unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function createDb(url: string, max = 10): Db {
  // A request waits at most this long for a connection while the database is away, then answers 503.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  // The pool listens to its clients only while they are idle: a client checked out for a transaction that is
  // waiting on something else (a file, a conversion) when the database restarts would emit 'error' to nobody and
  // end the process (issue 25). The error surfaces instead on the client's next query, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle(pool) as Db;
}
