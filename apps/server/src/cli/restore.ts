import fs from 'node:fs/promises';
import path from 'node:path';
import { readManifest, restore } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { loadTrailKey } from '../trail/trail-key.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { openDatabase } from '../runtime.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

/**
 * npm run restore -- <folder>: puts a backup (npm run backup) into this configuration's empty database and blob
 * store (a new DATA_DIR, or an empty DATABASE_URL), then verifies the trail. Refuses a database that has rows.
 */
const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <folder>');
  process.exit(2);
}
const config = loadConfig();
const from = path.resolve(process.env.INIT_CWD ?? '', source);
// Checked before anything is made: a refused backup leaves no data folder or database behind.
await readManifest(from).catch((err: Error) => {
  console.error(`restore refused: ${err.message}`);
  process.exit(2);
});
const newDataDir = !(await fs.stat(config.DATA_DIR).catch(() => null));
const { db, ownerUrl, embedded } = await openDatabase(config, () => {});
const owner = createDb(ownerUrl, 2);
let exitCode = 0;
try {
  const manifest = await restore({
    owner,
    blobs: createBlobStore(config),
    dataDir: config.DATA_DIR,
    source: from,
    progress: (line) => console.log(line),
  });
  // The backup's key has just replaced the one this new folder was given at start: the trail is checked with it.
  await loadTrailKey({ dataDir: config.DATA_DIR, trailKey: config.TRAIL_KEY });
  const report = await verifyTrail(db, { checkpointFile: config.checkpointFile, anchorFile: config.anchorFile });
  console.log(`restored ${manifest.tables.length} table(s) and ${manifest.blobs} blob(s) from ${manifest.createdAt}`);
  if (report.ok) console.log(`trail verified: ${report.rows} row(s), chain intact`);
  else {
    console.error(`trail BROKEN at row ${report.brokenAt}: ${report.problem}`);
    exitCode = 1;
  }
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await owner.$client.end();
  await db.$client.end();
  await embedded?.stop();
  // A data folder this restore made and could not fill is not left half made.
  if (exitCode !== 0 && newDataDir) await fs.rm(config.DATA_DIR, { recursive: true, force: true });
}
process.exit(exitCode);
