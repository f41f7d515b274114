import { loadConfig } from '../config.ts';
import { verifyTrail } from '../modules/trail/trail-verify.ts';
import { openDatabase } from '../runtime.ts';

/**
 * npm run trail:verify — walks the operation trail's hash chain with the same configuration as npm start
 * (DATABASE_URL, or the embedded database under DATA_DIR). Exits 1 naming the first broken row.
 */
const config = loadConfig();
const { db, embedded } = await openDatabase(config, () => {});
let exitCode = 0;
try {
  const report = await verifyTrail(db, undefined, config.checkpointFile);
  if (report.ok) {
    console.log(`trail verified: ${report.rows} row(s), chain intact`);
  } else {
    console.error(`trail BROKEN at row ${report.brokenAt}: ${report.problem} (${report.rows} row(s) read)`);
    exitCode = 1;
  }
} finally {
  await db.$client.end();
  await embedded?.stop();
}
process.exit(exitCode);
