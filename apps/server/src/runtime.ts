import type { Config } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { APP_ROLE, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { grantAppRole } from './db/grants.ts';
import { applyMigrations } from './db/migrate.ts';
import { loadTrailKey } from './modules/trail/trail-key.ts';

/**
 * The database of this configuration: DATABASE_URL, or the embedded server under DATA_DIR, migrated by its owner.
 * The pool returned connects as the application role (embedded: edoc_app; else DATABASE_URL's user), so the running
 * app cannot rewrite the trail or change the schema. With DATABASE_OWNER_URL the same split holds on a server.
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
): Promise<{ db: Db; url: string; ownerUrl: string; embedded: EmbeddedDatabase | null }> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.postgresDir, log);
  const url = config.DATABASE_URL ?? embedded!.url;
  const ownerUrl = embedded?.ownerUrl ?? config.DATABASE_OWNER_URL;
  if (ownerUrl) {
    const owner = createDb(ownerUrl, 2);
    try {
      await applyMigrations(owner);
      await grantAppRole(owner, embedded ? APP_ROLE : decodeURIComponent(new URL(url).username));
    } finally {
      await owner.$client.end();
    }
  }
  const db = createDb(url);
  if (!ownerUrl) await applyMigrations(db);
  await loadTrailKey({ dataDir: config.DATA_DIR, trailKey: config.TRAIL_KEY });
  return { db, url, ownerUrl: ownerUrl ?? url, embedded };
}
