import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UserType } from '@edoc/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/companies.ts';
import { trail } from '../db/schema/trail.ts';
import { TRAIL_KEY_FILE } from '../trail/trail-key.ts';
import { verifyTrail } from '../trail/trail-verify.ts';
import { createTestContext, TRAIL_KEY, type TestContext } from '../test/context.ts';
import { createUser, signIn } from '../test/factories.ts';
import { bearer } from '../test/requests.ts';
import { BACKUP_FILES, backup, fileSha256, readManifest, restore } from './backup.ts';

let from: TestContext;
let into: TestContext;
let folder: string;

beforeAll(async () => {
  from = await createTestContext();
  into = await createTestContext();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-backup-'));
});
afterAll(async () => {
  await from.close();
  await into.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const counts = async (ctx: TestContext) =>
  (
    await ctx.db.execute<{ name: string; n: number }>(sql`
      SELECT c.relname AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text::int AS n
      FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`)
  ).rows;

/**
 * A migrated database with nothing in it, as a new data folder has before its first start. (The trail cannot be
 * truncated, and a fresh test database has no trail rows. The signatures' guard is a trigger, which this test's
 * superuser switches off to empty the tables.)
 */
async function emptied(ctx: TestContext) {
  expect(await ctx.db.$count(trail)).toBe(0);
  const tables = (await counts(ctx)).map((t) => t.name).filter((t) => t !== 'trail');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
  });
}

describe('npm run backup / npm run restore', () => {
  it('restores every row and blob into an empty database; the trail verifies and new rows continue the ids', async () => {
    // Some history: a system administrator signs in and creates a company (trail rows), and two files are stored.
    const admin = await createUser(from.db, { userType: UserType.System });
    const token = await signIn(from, admin.email);
    const created = await from.app.inject({
      method: 'POST',
      url: '/edoc/company/create',
      headers: bearer(token),
      payload: { companyName: '备份 Pharma' },
    });
    expect(created.statusCode).toBe(200);
    const blobA = await from.deps.blobs.put(Readable.from([Buffer.from('protocol v1 '), Buffer.from('临床试验')]));
    const blobB = await from.deps.blobs.put(Readable.from([Buffer.alloc(300_000, 7)]));

    const manifest = await backup({ db: from.db, blobs: from.deps.blobs, dataDir: from.dataDir, target: folder });
    expect(manifest.blobs).toBe(2);
    expect(await fileSha256(path.join(folder, 'blobs', blobA.sha256))).toBe(blobA.sha256);

    // The target: a migrated database with nothing in it.
    await emptied(into);
    await restore({ owner: into.db, blobs: into.deps.blobs, dataDir: into.dataDir, source: folder });

    expect(await counts(into)).toEqual(await counts(from));
    const report = await verifyTrail(into.db);
    expect(report).toMatchObject({ ok: true });
    expect(report.rows).toBe(await from.db.$count(trail));
    for (const blob of [blobA, blobB]) {
      const copy = path.join(folder, 'check');
      await fs.writeFile(copy, await into.deps.blobs.get(blob.sha256));
      expect(await fileSha256(copy)).toBe(blob.sha256);
    }
    // Sequences continue after the restored ids: a new company and a new trail row do not collide.
    const again = await into.app.inject({
      method: 'POST',
      url: '/edoc/company/create',
      headers: bearer(await signIn(into, admin.email)),
      payload: { companyName: 'After restore' },
    });
    expect(again.statusCode).toBe(200);
    expect(await into.db.$count(companies)).toBe((await from.db.$count(companies)) + 1);
    expect((await verifyTrail(into.db)).ok).toBe(true);
  });

  it('npm run restore into a new data folder checks the trail with the restored key (no TRAIL_KEY)', async () => {
    // The source's key as a file of its data folder, as npm start makes it, and a backup that carries it.
    await fs.writeFile(path.join(from.dataDir, TRAIL_KEY_FILE), TRAIL_KEY);
    const withKey = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-backup-key-'));
    const target = await createTestContext();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-restore-data-'));
    try {
      await backup({
        db: from.db,
        blobs: from.deps.blobs,
        dataDir: from.dataDir,
        target: withKey,
        files: BACKUP_FILES,
      });
      await emptied(target);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: target.deps.config.DATABASE_URL!,
        LOG_LEVEL: 'silent',
      };
      delete env.TRAIL_KEY;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', withKey], {
        env,
        encoding: 'utf8',
      });
      expect(run.stdout).toMatch(/trail verified: \d+ row\(s\), chain intact/);
      expect(run.status).toBe(0);
    } finally {
      await target.close();
      await fs.rm(withKey, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('npm run restore refuses a folder that is not a whole backup, and makes no data folder (issue 25)', async () => {
    const partial = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-backup-partial-'));
    const dataDir = path.join(partial, 'data');
    try {
      await fs.cp(folder, path.join(partial, 'backup'), { recursive: true });
      await fs.rm(path.join(partial, 'backup', 'manifest.json'));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', path.join(partial, 'backup')], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      expect(run.stderr).toMatch(/restore refused: .* is not a whole backup: it has no manifest\.json/);
      expect(run.status).toBe(2);
      expect(await fs.stat(dataDir).catch(() => null)).toBeNull();
      // A manifest naming a table whose rows are not there is refused too.
      await fs.cp(path.join(folder, 'manifest.json'), path.join(partial, 'backup', 'manifest.json'));
      await fs.rm(path.join(partial, 'backup', 'db', 'trail.jsonl'));
      await expect(readManifest(path.join(partial, 'backup'))).rejects.toThrow(/db\/trail\.jsonl is missing/);
    } finally {
      await fs.rm(partial, { recursive: true, force: true });
    }
  });

  it('refuses to restore into a database that has rows', async () => {
    await expect(
      restore({ owner: into.db, blobs: into.deps.blobs, dataDir: into.dataDir, source: folder }),
    ).rejects.toThrow(/not empty/);
  });
});
