import { loadConfig } from '../config.ts';
import { createS3Checkpoints } from '../trail/checkpoint-s3.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { openDatabase } from '../runtime.ts';

/**
 * npm run trail:verify — walks the operation trail's hash chain with the same configuration as npm start
 * (DATABASE_URL, or the embedded database under DATA_DIR). Checks the signed checkpoints of DATA_DIR and, with
 * S3_BUCKET, those in the bucket (every node's, and beyond the reach of whoever can edit the local file).
 * Exits 1 naming the first broken row.
 */
const config = loadConfig();
const { db, embedded } = await openDatabase(config, () => {});
let exitCode = 0;
try {
  const remote = (await createS3Checkpoints(config)?.list()) ?? [];
  const report = await verifyTrail(db, {
    checkpointFile: config.checkpointFile,
    more: remote,
    anchorFile: config.anchorFile,
  });
  if (report.ok) {
    const s3 = config.S3_BUCKET ? `, ${remote.length} checkpoint(s) in S3 hold` : '';
    console.log(`trail verified: ${report.rows} row(s), chain intact${s3}`);
  } else {
    console.error(`trail BROKEN at row ${report.brokenAt}: ${report.problem} (${report.rows} row(s) read)`);
    exitCode = 1;
  }
  for (const note of report.notes) console.log(`not proved: ${note}`);
} finally {
  await db.$client.end();
  await embedded?.stop();
}
process.exit(exitCode);
