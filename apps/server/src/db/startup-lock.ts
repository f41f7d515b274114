import pg from 'pg';

/** The advisory-lock key of start-up work (any number not used by another lock of edoc's). */
const STARTUP_LOCK = 72_620_100;

/**
 * Runs start-up work that must not run twice at once — migrations, grants, first-start seeds — under a session
 * advisory lock on the database: nodes started together (several API nodes and workers on one PostgreSQL) take turns
 * instead of racing to create the same tables (a duplicate-key error) or seeding twice. The lock is held on its own
 * connection and ends with it, also when the process dies.
 */
export async function withStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost while the start-up work runs fails that work's next query, not the process unseen.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}
