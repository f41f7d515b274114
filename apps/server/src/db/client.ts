import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase<Record<string, never>> & { $client: pg.Pool };
/** A transaction or the database itself: services take either, so callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

// Dates come back as JS Dates; int8 counts (count(*)) as numbers, since no count here nears 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  return drizzle(pool) as Db;
}
