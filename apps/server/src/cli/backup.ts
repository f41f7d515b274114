import path from 'node:path';
import { backup, BACKUP_FILES } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { openDatabase } from '../runtime.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

/**
 * npm run backup -- <folder>: a consistent copy of the database, every blob and the key files of DATA_DIR, taken
 * while edoc runs (or not). `npm run restore -- <folder>` brings it back into an empty data folder.
 */
const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <folder>');
  process.exit(2);
}
const folder = path.resolve(process.env.INIT_CWD ?? '', target);
const config = loadConfig();
const { db, ownerUrl, embedded } = await openDatabase(config, () => {});
// Read as the owner: the application role cannot see the migrations journal the restore checks against.
const owner = createDb(ownerUrl, 1);
try {
  const manifest = await backup({
    db: owner,
    blobs: createBlobStore(config),
    dataDir: config.DATA_DIR,
    target: folder,
    files: BACKUP_FILES,
    progress: (line) => console.log(line),
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`backup written to ${folder}: ${rows} row(s), ${manifest.blobs} blob(s)`);
} finally {
  await owner.$client.end();
  await db.$client.end();
  await embedded?.stop();
}
