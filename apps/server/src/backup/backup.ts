import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { CHECKPOINT_FILE, TRAIL_KEY_FILE } from '../trail/trail-key.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/** What a backup folder holds; written last, so a folder without it is an interrupted backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The newest migration applied when the copy was taken: a restore needs the same edoc. */
  migration: string;
  tables: Array<{ name: string; rows: number }>;
  blobs: number;
  /** Files kept beside the database that the restore puts back into DATA_DIR (e.g. the trail key). */
  files: string[];
}

const BATCH = 1000;

/** Files of DATA_DIR a backup carries besides the database and the blobs: the trail's key and its checkpoints. */
export const BACKUP_FILES = [TRAIL_KEY_FILE, CHECKPOINT_FILE];

/** edoc's own tables (the public schema); pg-boss's queue is transient and drizzle's journal is rebuilt. */
async function tablesOf(db: Db): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.rows.map((r) => r.name);
}

async function newestMigration(db: Db): Promise<string> {
  const rows = await db.execute<{ hash: string }>(
    sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  return rows.rows[0]?.hash ?? '';
}

/**
 * A consistent copy: every table read in one REPEATABLE READ snapshot (JSON lines, one file per table), then
 * every blob (content-addressed and never overwritten, so copying after the snapshot loses none it names), then
 * the files of DATA_DIR named in `files`, then the manifest.
 */
export async function backup(opts: {
  db: Db;
  blobs: BlobStore;
  dataDir: string;
  target: string;
  files?: string[];
  progress?: (line: string) => void;
}): Promise<BackupManifest> {
  const { db, blobs, target } = opts;
  const say = opts.progress ?? (() => {});
  await fs.mkdir(path.join(target, 'db'), { recursive: true });
  await fs.mkdir(path.join(target, 'blobs'), { recursive: true });
  if ((await fs.readdir(path.join(target, 'db'))).length > 0) throw new Error(`${target} already holds a backup`);
  const tables: BackupManifest['tables'] = [];
  const migration = await db.transaction(
    async (tx) => {
      for (const name of await tablesOf(tx as unknown as Db)) {
        const out = createWriteStream(path.join(target, 'db', `${name}.jsonl`));
        let rows = 0;
        // A cursor in the snapshot: constant memory whatever the table's size.
        await tx.execute(
          sql`DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t) AS row FROM ${sql.identifier(name)} t`,
        );
        for (;;) {
          const page = await tx.execute<{ row: unknown }>(sql.raw(`FETCH ${BATCH} FROM dump`));
          for (const r of page.rows) out.write(`${JSON.stringify(r.row)}\n`);
          rows += page.rows.length;
          if (page.rows.length < BATCH) break;
        }
        await tx.execute(sql`CLOSE dump`);
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        tables.push({ name, rows });
        say(`table ${name}: ${rows} row(s)`);
      }
      return newestMigration(tx as unknown as Db);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  let count = 0;
  for await (const sha of blobs.list()) {
    await pipeline(await blobs.get(sha), createWriteStream(path.join(target, 'blobs', sha)));
    if (++count % 100 === 0) say(`blobs: ${count}`);
  }
  say(`blobs: ${count}`);
  const files: string[] = [];
  for (const name of opts.files ?? []) {
    const from = path.join(opts.dataDir, name);
    if (await fs.stat(from).catch(() => null)) {
      await fs.mkdir(path.join(target, 'files'), { recursive: true });
      await fs.copyFile(from, path.join(target, 'files', name));
      files.push(name);
    }
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    migration,
    tables,
    blobs: count,
    files,
  };
  await fs.writeFile(path.join(target, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * The manifest of a backup folder, once the folder is seen to hold what it names: every table's rows, the blobs
 * folder, every file. Throws a message that says what is missing (issue 25: a folder without manifest.json failed
 * with a raw ENOENT after a new data folder had been half made).
 */
export async function readManifest(source: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(source, 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) throw new Error(`${source} is not a whole backup: it has no manifest.json`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new Error(`${source} is not a whole backup: its manifest.json is not JSON`);
  }
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const needed = [
    ...(manifest.tables ?? []).map((t) => path.join('db', `${t.name}.jsonl`)),
    'blobs',
    ...(manifest.files ?? []).map((f) => path.join('files', f)),
  ];
  for (const entry of needed)
    if (!(await fs.stat(path.join(source, entry)).catch(() => null)))
      throw new Error(`${source} is not a whole backup: ${entry} is missing`);
  return manifest;
}

/**
 * Puts a backup into an empty, migrated database and blob store. `owner` must be the schema owner: rows go in
 * with foreign-key triggers off (session_replication_role = replica), so tables load in any order. Each blob is
 * stored again and must hash to its name; sequences continue after the restored ids.
 */
export async function restore(opts: {
  owner: Db;
  blobs: BlobStore;
  dataDir: string;
  source: string;
  progress?: (line: string) => void;
}): Promise<BackupManifest> {
  const { owner, blobs, source } = opts;
  const say = opts.progress ?? (() => {});
  const manifest = await readManifest(source);
  const migration = await newestMigration(owner);
  if (migration !== manifest.migration)
    throw new Error('the backup was made by another edoc version (migrations differ)');
  await owner.transaction(async (tx) => {
    for (const { name } of manifest.tables) {
      const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`))
        .rows;
      if (n > 0) throw new Error(`the target is not empty: table ${name} has ${n} row(s)`);
    }
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const { name, rows } of manifest.tables) {
      // Named columns, not *: a table that lost a column by a migration keeps a dropped slot in its row type.
      const names = (
        await tx.execute<{ column: string }>(
          sql`SELECT column_name AS column FROM information_schema.columns
              WHERE table_schema = 'public' AND table_name = ${name} ORDER BY ordinal_position`,
        )
      ).rows.map((r) => sql.identifier(r.column));
      const columns = sql.join(names, sql`, `);
      // Opened only now: a stream left flowing during an await would lose its lines.
      const lines = readline.createInterface({ input: createReadStream(path.join(source, 'db', `${name}.jsonl`)) });
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.identifier(name)}, ${`[${batch.join(',')}]`}::json)`,
        );
        batch = [];
      };
      for await (const line of lines) {
        if (line) batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      say(`table ${name}: ${rows} row(s)`);
    }
    // Every serial column's sequence continues after the largest restored id.
    await tx.execute(sql`
      DO $$
      DECLARE s record; top bigint;
      BEGIN
        FOR s IN SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(c.relname, a.attname) AS seq
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
                 WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
                   AND pg_get_serial_sequence(c.relname, a.attname) IS NOT NULL LOOP
          EXECUTE format('SELECT max(%I) FROM %I', s.col, s.tbl) INTO top;
          IF top IS NOT NULL THEN PERFORM setval(s.seq, top); END IF;
        END LOOP;
      END $$`);
  });
  let count = 0;
  for (const sha of await fs.readdir(path.join(source, 'blobs'))) {
    const stored = await blobs.put(createReadStream(path.join(source, 'blobs', sha)));
    if (stored.sha256 !== sha) throw new Error(`blob ${sha} does not match its content (${stored.sha256})`);
    if (++count % 100 === 0) say(`blobs: ${count}`);
  }
  say(`blobs: ${count}`);
  for (const name of manifest.files) {
    await fs.copyFile(path.join(source, 'files', name), path.join(opts.dataDir, name));
    await fs.chmod(path.join(opts.dataDir, name), 0o600);
  }
  return manifest;
}

/** The sha256 of a file, for checks. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
