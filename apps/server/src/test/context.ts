import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadTrailKey } from '../trail/trail-key.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { CONVERT_QUEUE, convertHandlerOf, officeOf } from '../convert/convert-job.ts';
import { createDb, type Db } from '../db/client.ts';
import { createReadReplicas } from '../db/replicas.ts';
import { startJobs } from '../jobs/jobs.ts';
import type { Deps } from '../lib/deps.ts';
import { createMailHandler, MAIL_QUEUE } from '../mail/mailer.ts';
import { createPackHandler, DOWNLOAD_QUEUE } from '../modules/download/download-pack.ts';
import { createFileHandler } from '../modules/exchange/ems-import-file.ts';
import { createBulkPreviewHandler } from '../modules/bulk-import/bulk-import-preview.ts';
import { createBulkFileHandler } from '../modules/bulk-import/bulk-import-file.ts';
import { createDeliverHandler } from '../modules/webhook/webhook-deliver.ts';
import { createPreviewHandler } from '../modules/exchange/ems-import-preview.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Deps;
  db: Db;
  dataDir: string;
  /** Drops the database; first checks the trail chain is whole (a test that tampers on purpose skips that). */
  close(opts?: { skipTrailCheck?: boolean }): Promise<void>;
}

/**
 * TEST_S3=on runs the tests on the S3 driver with the S3_* variables of the environment (start s3rver or MinIO
 * yourself); each test file gets its own key prefix. Otherwise files go to the temp data folder.
 */
function s3TestEnv(name: string): Record<string, string> {
  if (!process.env.TEST_S3 || process.env.TEST_S3 === 'off') return {};
  const vars = Object.entries(process.env).filter(([k, v]) => k.startsWith('S3_') && v !== undefined);
  return {
    ...(Object.fromEntries(vars) as Record<string, string>),
    S3_PREFIX: `${process.env.S3_PREFIX ?? ''}${name}/`,
  };
}

/** One trail key per test process: a process has one key (trail-key.ts), whatever databases its tests make. */
export const TRAIL_KEY = randomBytes(32).toString('base64');

/** A fresh database cloned from the migrated template, a real app on it, real jobs and a temp data folder. */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: {
    /** Another server's prepared template (global-setup.ts prepareDatabase), e.g. a primary with replicas. */
    templateUrl?: string;
    /** The new database's address on each read replica of that server (issue 30 part 3). */
    replicasOf?: (database: string) => string[];
  } = {},
): Promise<TestContext> {
  const template = new URL(opts.templateUrl ?? inject('templateUrl'));
  const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(template), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
  await admin.end();
  const url = Object.assign(new URL(template), { pathname: `/${name}` }).toString();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOGIN_CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    BLOB_GRACE_SECONDS: '0',
    TRAIL_KEY,
    ...s3TestEnv(name),
    ...env,
  });
  await loadTrailKey({ dataDir, trailKey: config.TRAIL_KEY });
  const db = createDb(url, 5);
  const blobs = createBlobStore(config);
  // Closed with the context: test files share a worker process (vitest.config.ts), which would keep each file's.
  const office = officeOf(config);
  const jobs = await startJobs({
    url,
    work: true,
    handlers: {
      [MAIL_QUEUE]: createMailHandler({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: config.outboxDir,
        log: () => {},
      }),
      [CONVERT_QUEUE]: convertHandlerOf(config, db, blobs, () => {}, office),
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
    onError: () => {},
  });
  const replicaUrls = opts.replicasOf?.(name) ?? [];
  const reads = replicaUrls.length
    ? createReadReplicas(db, replicaUrls, { maxLagMs: config.READ_REPLICA_MAX_LAG_MS, sampleMs: 100, poolSize: 2 })
    : undefined;
  const deps: Deps = { config, db, jobs, blobs, reads };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    db,
    dataDir,
    async close(opts = {}) {
      // DESIGN §9 / issue 4: the trail verifies after every test file, whatever the file did.
      const chain = opts.skipTrailCheck ? null : await verifyTrail(db, { checkpointFile: config.checkpointFile });
      await app.close();
      await jobs.stop();
      await reads?.close();
      office.close();
      await db.$client.end();
      // A conversion still finishing after the jobs stopped (LibreOffice writes into tmp/convert-…) can add a file while
      // the folder is removed (ENOTEMPTY, seen in CI): retried until the writer is done.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      // A shared server (Debian's in CI) would otherwise keep every test database of every run.
      const cleanup = new pg.Client({
        connectionString: Object.assign(new URL(template), { pathname: '/postgres' }).toString(),
      });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      if (chain && !chain.ok) throw new Error(`trail chain broken at row ${chain.brokenAt}: ${chain.problem}`);
    },
  };
}
