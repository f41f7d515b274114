import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../../../../scripts/build-server.mjs';
import { createDb } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { applyMigrations } from '../db/migrate.ts';
import { seedShippedTemplates } from '../modules/template/template.service.ts';
import { ensureShippedTmfModels } from '../modules/tmf-model/tmf-model-shipped.ts';
import { ensureShippedMilestoneTypes } from '../modules/milestone/milestone-shipped.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateUrl: string;
  }
}

export const TEMPLATE_DB = 'edoc_test_template';

let embedded: EmbeddedDatabase | null = null;
let dir: string | null = null;

/**
 * One real PostgreSQL for the run: TEST_DATABASE_URL (CI also runs against Debian's server) or an embedded one.
 * A migrated template database is made once; each test file clones it, so files run in parallel in isolation.
 */
export async function setup(project: TestProject) {
  // The tests that start real edoc processes (nodes.ts) start the bundle, as `npm start` does: built here, once,
  // when the sources are newer, before any test file runs.
  await buildServerIfNeeded();
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-test-pg-'));
    await fs.chmod(dir, 0o755); // the server runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), () => {}, { scratch: true });
    adminUrl = embedded.ownerUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  await prepareDatabase(url.toString());
  project.provide('templateUrl', url.toString());
}

/** An empty database made ready as every test's is: migrated, the shipped rows seeded, pg-boss's schema installed. */
export async function prepareDatabase(url: string) {
  const db = createDb(url, 2);
  await applyMigrations(db);
  await seedShippedTemplates(db);
  await ensureShippedTmfModels(db);
  await ensureShippedMilestoneTypes(db);
  await db.$client.end();
  // pg-boss installs its schema on first start; doing it here keeps every clone's start fast.
  const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

export async function teardown() {
  await embedded?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
