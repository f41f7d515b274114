import { loadConfig } from '../config.ts';
import { CONVERT_QUEUE, convertHandlerOf } from '../convert/convert-job.ts';
import { startJobs } from '../jobs/jobs.ts';
import { extractNext, queueReindex, releaseStuck, waitingCount } from '../modules/search/extract-loop.ts';
import { openDatabase } from '../runtime.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

/**
 * npm run search:reindex [-- --all] — reads the text of every stored version for search (issue 13), with the same
 * configuration as npm start (DATABASE_URL, or the embedded database under DATA_DIR: then with the app stopped).
 * Without --all it reads what was never read and what failed; with --all everything again. Resumable: what is done
 * is kept in the database, so a run stopped half way is continued by running it again without --all.
 */
const all = process.argv.includes('--all');
const config = loadConfig();
const { db, url, embedded } = await openDatabase(config, () => {});
const blobs = createBlobStore(config);
// Office files are read through their PDF rendition: this process converts them itself.
const jobs = await startJobs({
  url,
  work: true,
  handlers: {
    [CONVERT_QUEUE]: convertHandlerOf(config, db, blobs),
  },
  onError: (err) => console.error(err),
});
const deps = { config, db, jobs, blobs };
const bar = (done: number, total: number) => {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
};
let exitCode = 0;
try {
  await releaseStuck(deps);
  const total = await queueReindex(db, all);
  console.log(`${total} file content(s) to read${all ? ' (all again)' : ''}`);
  let left = total;
  bar(0, total);
  while (left > 0) {
    if (!(await extractNext(deps))) await new Promise((r) => setTimeout(r, 300));
    left = await waitingCount(db);
    bar(total - left, total);
  }
  process.stdout.write('\n');
  console.log('search index up to date');
} catch (err) {
  console.error('\nreindex failed', err);
  exitCode = 1;
} finally {
  await jobs.stop();
  await db.$client.end();
  await embedded?.stop();
}
process.exit(exitCode);
