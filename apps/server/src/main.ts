import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { CONVERT_QUEUE, convertHandlerOf } from './convert/convert-job.ts';
import { startExtraction } from './modules/search/extract-loop.ts';
import { startJobs } from './jobs/jobs.ts';
import { createMailHandler, MAIL_QUEUE } from './mail/mailer.ts';
import { sweepIdempotencyKeys } from './plugins/idempotency.ts';
import { mailNewTasks, mailReminders } from './modules/task/task-mail.ts';
import { startTrailAnchor } from './trail/trail-anchor.ts';
import { writeCheckpoint } from './trail/trail-checkpoint.ts';
import { openDatabase } from './runtime.ts';
import { createReadReplicas } from './db/replicas.ts';
import { characterAdvice } from './db/embedded.ts';
import { seedAdmin } from './seed.ts';
import { ensureSealKey } from './modules/seal/seal-key.service.ts';
import { seedShippedTemplates } from './modules/template/template.service.ts';
import { ensureShippedTmfModels } from './modules/tmf-model/tmf-model-shipped.ts';
import { ensureShippedMilestoneTypes } from './modules/milestone/milestone-shipped.ts';
import { createPackHandler, DOWNLOAD_QUEUE } from './modules/download/download-pack.ts';
import { createFileHandler } from './modules/exchange/ems-import-file.ts';
import { createBulkPreviewHandler } from './modules/bulk-import/bulk-import-preview.ts';
import { createBulkFileHandler } from './modules/bulk-import/bulk-import-file.ts';
import { createDeliverHandler, deliverDueWebhooks } from './modules/webhook/webhook-deliver.ts';
import { queueTrailEvents } from './modules/webhook/webhook-events.ts';
import { queueOverdueEvents } from './modules/webhook/webhook-overdue.ts';
import { createPreviewHandler } from './modules/exchange/ems-import-preview.ts';
import { sweepExpiredDownloads } from './modules/download/download.service.ts';
import { sweepTickets } from './modules/download/ticket.service.ts';
import { activateDue } from './modules/library/archive.service.ts';
import { closeAbandoned } from './access/edit-session-close.ts';
import { mailExpiryNotices } from './modules/library/expiry-mail.ts';
import { mailWeeklyReports } from './modules/custom-report/custom-report-mail.ts';
import { mailWeeklyHealth } from './modules/tmf-health/tmf-health-mail-job.ts';
import { sweepTmp } from './storage/blob-store.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { sweepOrphanBlobs } from './storage/blob-sweep.ts';
import { probePrograms, programLines } from './lib/programs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig({ WEB_DIST: path.resolve(here, '../../web/dist'), ...process.env });
const pretty = process.stdout.isTTY
  ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
  : undefined;
const logger = { level: config.LOG_LEVEL, transport: pretty };

// The seeds run under the start-up lock: nodes started together must not each create an administrator.
const first: { seeded?: Awaited<ReturnType<typeof seedAdmin>> } = {};
const { db, url, embedded } = await openDatabase(
  config,
  () => {},
  async (db) => {
    first.seeded = await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    await seedShippedTemplates(db);
    await ensureShippedTmfModels(db);
    await ensureShippedMilestoneTypes(db);
    // The key that signs downloaded PDFs: made once, shared by every node through the database.
    await ensureSealKey(db);
  },
);
const { seeded } = first;
const swept = await sweepTmp(config.tmpDir);
const blobs = createBlobStore(config);

// Jobs start before the app exists; their log lines go to the app's logger once it does.
const late: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
const jobs = await startJobs({
  url,
  work: config.EDOC_ROLE !== 'api',
  handlers: {
    [MAIL_QUEUE]: createMailHandler({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.outboxDir,
      log: (m) => late.app?.log.info(m),
    }),
    [CONVERT_QUEUE]: convertHandlerOf(config, db, blobs, (m, err) =>
      err ? late.app?.log.warn({ err }, m) : late.app?.log.info(m),
    ),
    [DOWNLOAD_QUEUE]: createPackHandler({ db, blobs, store: config }),
    // Exchange (issue 28 part 2): an EMS import's checks and preview, then its filing.
    'exchange.preview': createPreviewHandler({ config, db, blobs }),
    'exchange.file': createFileHandler({ config, db, blobs }),
    // Exchange (issue 28 part 3): a bulk import's reading and suggestions, then its filing.
    'bulk-import.preview': createBulkPreviewHandler({ config, db, blobs }),
    'bulk-import.file': createBulkFileHandler({ config, db, blobs }),
    // Webhooks (issue 29 part 5): one delivery attempt.
    'webhook.deliver': createDeliverHandler(db),
  },
  onError: (err) => late.app?.log.error({ err }, 'job error'),
});
await sweepIdempotencyKeys(db);
// The periodic rounds below: stopped at shutdown, and any round still running awaited before the pool closes (a
// round that started after it closed logged "Cannot use a pool after calling end").
const timers: NodeJS.Timeout[] = [];
const running = new Set<Promise<unknown>>();
const track = (round: () => Promise<unknown>) => {
  const p = round().finally(() => running.delete(p));
  running.add(p);
};
const every = (ms: number, round: () => Promise<unknown>) => timers.push(setInterval(() => track(round), ms).unref());
let stopExtraction: () => Promise<void> = async () => {};
if (config.EDOC_ROLE !== 'api') {
  // Orphan blobs (refused or interrupted uploads, purges) go at start and then hourly; several workers may
  // sweep at once without harm.
  const sweep = () =>
    sweepOrphanBlobs(db, blobs, config.BLOB_GRACE_SECONDS * 1000).then(
      (n) => n > 0 && late.app?.log.info(`removed ${n} unreferenced blob(s)`),
      (err: unknown) => late.app?.log.error({ err }, 'blob sweep failed'),
    );
  track(sweep);
  every(3600_000, sweep);
  // Task e-mails (issue 10): new tasks within half a minute, due/overdue reminders checked hourly (each sent once).
  const mailDeps = { db, jobs, publicUrl: config.PUBLIC_URL };
  const failed = (err: unknown) => late.app?.log.error({ err }, 'task e-mails failed');
  const newTasks = () => mailNewTasks(mailDeps).catch(failed);
  // Library documents about to expire (issue 11) are announced in the same hourly round, each once, and custom
  // reports with recipients go out once a week (issue 14), as does the TMF health dashboard to the members who asked
  // for it (issue 27 part 6; one member's failed mail is logged and retried next round, the others still go).
  const reminders = () =>
    mailReminders(mailDeps)
      .then(() => mailExpiryNotices(mailDeps))
      .then(() => mailWeeklyReports(mailDeps))
      .then(() => mailWeeklyHealth({ ...mailDeps, onError: failed }))
      .catch(failed);
  track(() => newTasks().then(reminders));
  every(30_000, newTasks);
  every(3600_000, reminders);
  // Expired download tasks let go of their zips (Download center), at start and then hourly.
  const expire = () =>
    Promise.all([sweepExpiredDownloads(db, blobs, config.BLOB_GRACE_SECONDS * 1000), sweepTickets(db)]).then(
      ([n]) => n > 0 && late.app?.log.info(`released ${n} expired download package(s)`),
      (err: unknown) => late.app?.log.error({ err }, 'download expiry sweep failed'),
    );
  track(expire);
  every(3600_000, expire);
  // Archived documents waiting for their effective date (7) become archived (6) on it (issue 11): at start, then
  // every ACTIVATION_INTERVAL_SECONDS (a minute); several workers at once activate each once.
  const activate = () =>
    activateDue(db).then(
      (n) => n > 0 && late.app?.log.info(`activated ${n} archived document(s)`),
      (err: unknown) => late.app?.log.error({ err }, 'activation failed'),
    );
  track(activate);
  every(config.ACTIVATION_INTERVAL_SECONDS * 1000, activate);
  // Editing sessions abandoned past their lock (issue 15): what their editors saved becomes a version, every minute.
  const abandoned = () =>
    closeAbandoned(db, blobs).then(
      (n) => n > 0 && late.app?.log.info(`closed ${n} abandoned editing session(s)`),
      (err: unknown) => late.app?.log.error({ err }, 'closing abandoned editing sessions failed'),
    );
  track(abandoned);
  every(60_000, abandoned);
  // Webhooks (issue 29 part 5): trail rows after the cursor and things fallen overdue become deliveries, and due
  // deliveries (first tries and retries) are sent to the job queue, every WEBHOOK_INTERVAL_SECONDS (15 s).
  const webhookRound = () =>
    queueTrailEvents(db)
      .then(() => queueOverdueEvents(db))
      .then(() => deliverDueWebhooks(db, jobs))
      .catch((err: unknown) => late.app?.log.error({ err }, 'webhook round failed'));
  every(config.WEBHOOK_INTERVAL_SECONDS * 1000, webhookRound);
  // The text of every new version, for search (issue 13): one content at a time, as long as any waits.
  stopExtraction = startExtraction({ config, db, jobs, blobs }, (m, err) =>
    err ? late.app?.log.warn({ err }, m) : late.app?.log.info(m),
  );
}
// Signed checkpoints of the trail, outside the database (DESIGN §7): at start, then periodically, and at shutdown;
// with S3, a copy of each goes to the bucket (locked there with S3_OBJECT_LOCK_DAYS).
// The S3 client loads only where S3 is configured (a sixth of a second of every start, issue 16).
const checkpointCopies = config.S3_BUCKET
  ? (await import('./trail/checkpoint-s3.ts')).createS3Checkpoints(config)
  : null;
const checkpoint = () =>
  writeCheckpoint(db, config.checkpointFile, checkpointCopies).catch((err: unknown) =>
    // The first one runs before the app (and its logger) exists: it must not fail unseen.
    late.app ? late.app.log.error({ err }, 'trail checkpoint failed') : console.error('trail checkpoint failed', err),
  );
await checkpoint();
every(config.TRAIL_CHECKPOINT_MINUTES * 60_000, checkpoint);
// Between checkpoints, the newest committed row is kept outside the database as it commits (issue 25).
const stopAnchor = startTrailAnchor({
  url,
  file: config.anchorFile,
  log: (m, err) => (late.app ? late.app.log.warn({ err }, m) : console.error(m, err)),
});
// Issue 30 part 3: the streaming replicas that take lists, search, reports and dashboards (db/replicas.ts).
const readUrls = (config.DATABASE_READ_URL ?? '')
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean);
const reads = readUrls.length
  ? createReadReplicas(db, readUrls, { maxLagMs: config.READ_REPLICA_MAX_LAG_MS })
  : undefined;
await reads?.sample();
const app = await buildApp({ config, db, jobs, blobs, reads }, { logger });
late.app = app;
// An embedded data folder from before the character classes were chosen says how to move it (issue 13).
if (embedded) {
  const advice = await characterAdvice(db);
  if (advice) app.log.warn(advice);
}
if (swept > 0) app.log.info(`removed ${swept} temporary file(s) left by an interrupted run`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  timers.forEach(clearInterval);
  await Promise.allSettled(running);
  await stopExtraction();
  await jobs.stop();
  await checkpoint();
  await stopAnchor();
  await reads?.close();
  await db.$client.end();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (config.EDOC_ROLE !== 'worker') {
  await app.listen({ port: config.PORT, host: config.HOST });
}
const lines = [`edoc ${config.EDOC_ROLE === 'worker' ? 'worker running' : `is running at ${config.PUBLIC_URL}`}`];
lines.push(...programLines(await probePrograms(config)));
for (const r of reads?.states() ?? [])
  lines.push(`read replica ${r.name}: ${r.up ? `up, ${r.lagMs ?? 0} ms behind` : `down (${r.error ?? 'no answer'})`}`);
lines.push(`database: ${embedded ? `embedded PostgreSQL in ${config.postgresDir}` : 'DATABASE_URL'}`);
if (seeded) {
  lines.push(`system administrator: ${seeded.email}`);
  if (!config.ADMIN_PASSWORD)
    lines.push(`first-start password (shown once; you must change it at first sign-in): ${seeded.password}`);
}
console.log(`\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
