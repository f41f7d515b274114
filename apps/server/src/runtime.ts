import type { Config } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { APP_ROLE, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { grantAppRole } from './db/grants.ts';
import { applyMigrations } from './db/migrate.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { loadTrailKey } from './trail/trail-key.ts';

/**
 * The database of this configuration: DATABASE_URL, or the embedded server under DATA_DIR, migrated by its owner.
 * The pool returned connects as the application role (embedded: edoc_app; else DATABASE_URL's user), so the running
 * app cannot rewrite the trail or change the schema. With DATABASE_OWNER_URL the same split holds on a server.
 * `prepare` (first-start seeds) runs on that pool while this node holds the start-up lock.
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
  prepare?: (db: Db) => Promise<void>,
): Promise<{ db: Db; url: string; ownerUrl: string; embedded: EmbeddedDatabase | null }> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.postgresDir, log);
  const url = config.DATABASE_URL ?? embedded!.url;
  const ownerUrl = embedded?.ownerUrl ?? config.DATABASE_OWNER_URL;
  // Before the seeds, which write the trail.
  await loadTrailKey({ dataDir: config.DATA_DIR, trailKey: config.TRAIL_KEY });
  // Several nodes may start at once on one database: migrations, grants and `prepare` (the seeds) take turns.
  const db = await withStartupLock(url, async () => {
    if (ownerUrl) {
      const owner = createDb(ownerUrl, 2);
      try {
        await applyMigrations(owner);
        await grantAppRole(owner, embedded ? APP_ROLE : decodeURIComponent(new URL(url).username));
      } finally {
        await owner.$client.end();
      }
    }
    const app = createDb(url);
    if (!ownerUrl) await applyMigrations(app);
    await prepare?.(app);
    return app;
  });
  return { db, url, ownerUrl: ownerUrl ?? url, embedded };
}
