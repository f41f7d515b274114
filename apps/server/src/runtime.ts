import type { Config } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { applyMigrations } from './db/migrate.ts';

/** The database of this configuration: DATABASE_URL, or the embedded server under DATA_DIR. Migrated. */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
): Promise<{ db: Db; url: string; embedded: EmbeddedDatabase | null }> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.postgresDir, log);
  const url = config.DATABASE_URL ?? embedded!.url;
  const db = createDb(url);
  await applyMigrations(db);
  return { db, url, embedded };
}
