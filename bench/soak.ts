// Issue 25, the soak (`npm run bench -- soak`, not part of a plain `npm run bench`): BENCH_SOAK_USERS (200) distinct
// users, spread round-robin over two API nodes, work for BENCH_SOAK_SECONDS (600) after a warm-up (soak-users.ts:
// reads, uploads, searches, workflow, downloads). The installation is the README's multi-node layout on one
// machine: two API nodes and a worker, each its own process as `npm start` runs it (the bundle), on one embedded
// PostgreSQL and one S3 store (s3rver, in a process of its own), each node with its own DATA_DIR and the same
// TRAIL_KEY. Reported: errors by kind and answer (0 expected), p50/p99 and count per kind, each node's RSS after the
// warm-up and at the end (the goal: at most 10 % growth), every acknowledged upload downloaded back through the other
// API node with its sha256, and the trail verified against each node's checkpoints and anchor once they stopped.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/db/client.ts';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { startNode, waitFor } from '../apps/server/src/test/nodes.ts';
import { loadTrailKey } from '../apps/server/src/trail/trail-key.ts';
import { verifyTrail } from '../apps/server/src/trail/trail-verify.ts';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { makeWorld } from './soak-world.ts';
import { downloadAll, live, SoakStats, type Soak } from './soak-users.ts';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 200);
/** Each user waits 0 to twice this between two operations. */
const THINK_MS = Number(process.env.BENCH_SOAK_THINK_MS ?? 10_000);
/** Not measured: the nodes' code paths, caches and pools are warm before their memory is first read. */
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(60, Math.ceil(SECONDS / 5)));
const BUCKET = 'edoc-soak';
const MB = 1024 * 1024;

/** The resident memory of a process, from /proc. */
async function rss(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** s3rver as its own process, so its work and memory are neither the nodes' nor this one's. */
async function startS3(dir: string) {
  const port = await freePort();
  const bin = path.join(
    path.dirname(createRequire(new URL('../apps/server/package.json', import.meta.url)).resolve('s3rver/package.json')),
    'bin/s3rver.js',
  );
  const child = spawn(
    process.execPath,
    [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET],
    { stdio: 'ignore' },
  );
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const up = () =>
    fetch(url).then(
      () => true,
      () => false,
    );
  await waitFor('s3rver', up);
  return { url, stop: () => (child.kill(), exited.then(() => {})) };
}

/** The CPU time a process used so far (user and system), in seconds, from /proc (clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime + stime) / 100;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Runs the soak and prints its figures; answers the number of errors (0 expected). */
export async function soakBench(): Promise<number> {
  await buildServerIfNeeded();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-soak-'));
  // As root, PostgreSQL runs as its own user, which must reach its folder.
  await fs.chmod(root, 0o755);
  const stops: Array<() => Promise<void>> = [];
  try {
    const pg = await startEmbeddedPostgres(path.join(root, 'postgres'));
    stops.push(() => pg.stop());
    const s3 = await startS3(path.join(root, 's3'));
    stops.push(s3.stop);
    const trailKey = randomBytes(32).toString('base64');
    const env = {
      DATABASE_URL: pg.url,
      DATABASE_OWNER_URL: pg.ownerUrl,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      TRAIL_KEY: trailKey,
      LOGIN_CAPTCHA: 'off',
    };
    const start = (name: string, role: string) =>
      startNode(name, { ...env, EDOC_ROLE: role, DATA_DIR: path.join(root, name) }, 180_000);
    const nodes = await Promise.all([start('api1', 'api'), start('api2', 'api'), start('worker', 'worker')]);
    stops.push(() => Promise.all(nodes.map((n) => n.stop())).then(() => {}));
    const apis = nodes.slice(0, 2);
    const db = createDb(pg.url, 4);
    stops.push(() => db.$client.end());

    const world = await makeWorld(db, apis, USERS);
    const soak: Soak = { world, stats: new SoakStats(), uploads: [], stopped: false };
    console.log(
      `\nsoak: ${USERS} users over ${apis.length} API nodes and a worker (separate processes), one embedded PostgreSQL, ` +
        `S3 (s3rver); ${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up, think time 0-${(2 * THINK_MS) / 1000} s; ` +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} (other work on the machine included)`,
    );
    const lives = Promise.all(world.users.map((u) => live(soak, u, THINK_MS)));
    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    const before = await Promise.all(nodes.map((n) => rss(n.pid)));
    const cpuBefore = await Promise.all(nodes.map((n) => cpuSeconds(n.pid)));
    const peak = [...before];
    const sampler = setInterval(
      () => void Promise.all(nodes.map((n, i) => rss(n.pid).then((m) => (peak[i] = Math.max(peak[i], m))))),
      5000,
    );
    soak.stats.recording = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    soak.stats.recording = false;
    clearInterval(sampler);
    const after = await Promise.all(nodes.map((n) => rss(n.pid)));
    const cpu = await Promise.all(nodes.map((n, i) => cpuSeconds(n.pid).then((c) => c - cpuBefore[i])));
    after.forEach((m, i) => (peak[i] = Math.max(peak[i], m)));
    soak.stopped = true;
    await lives;
    const load = os.loadavg();

    console.log(
      `\n${'kind'.padEnd(16)} ${'requests'.padStart(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    );
    let total = 0;
    for (const [kind, list] of [...soak.stats.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      list.sort((a, b) => a - b);
      total += list.length;
      console.log(
        `${kind.padEnd(16)} ${String(list.length).padStart(9)} ${(list.length / SECONDS).toFixed(1).padStart(7)} ${quantile(list, 0.5).toFixed(1).padStart(8)} ${quantile(list, 0.99).toFixed(1).padStart(8)}`,
      );
    }
    console.log(`${'all'.padEnd(16)} ${String(total).padStart(9)} ${(total / SECONDS).toFixed(1).padStart(7)}`);
    console.log(`load average at the end: ${load.map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`);

    console.log('\nresident memory (RSS)   after warm-up       end    growth      peak   CPU time measured');
    nodes.forEach((n, i) =>
      console.log(
        `  ${n.name.padEnd(22)} ${(before[i] / MB).toFixed(0).padStart(9)} MB ${(after[i] / MB).toFixed(0).padStart(6)} MB ${(((after[i] - before[i]) / before[i]) * 100).toFixed(1).padStart(7)} % ${(peak[i] / MB).toFixed(0).padStart(6)} MB ${cpu[i].toFixed(0).padStart(7)} s (${((cpu[i] / SECONDS) * 100).toFixed(0)} % of a core)`,
      ),
    );

    const matching = await downloadAll(soak, apis, world.users[0].token);
    console.log(
      `\nacknowledged uploads ${soak.uploads.length} (warm-up included), downloaded back through the other API node ` +
        `with the same sha256: ${matching}`,
    );
    // Stopped cleanly, each node writes its last checkpoint; the trail is then walked against each node's files.
    for (const n of nodes) await n.stop();
    await loadTrailKey({ dataDir: root, trailKey });
    for (const n of nodes) {
      const report = await verifyTrail(db, {
        checkpointFile: path.join(root, n.name, 'trail-checkpoints.jsonl'),
        anchorFile: path.join(root, n.name, 'trail-head.json'),
      });
      console.log(
        `trail verified with ${n.name}'s checkpoints and anchor: ${report.ok ? 'ok' : `BROKEN at ${report.brokenAt}: ${report.problem}`}, ` +
          `${report.rows} rows${report.notes.length ? ` (${report.notes.join('; ')})` : ''}`,
      );
      if (!report.ok) soak.stats.error('trail', 'broken', report.problem ?? '');
    }

    const errors = [...soak.stats.errors].sort(([a], [b]) => a.localeCompare(b));
    const count = errors.reduce((n, [, e]) => n + e.count, 0);
    console.log(`\nerrors (warm-up and checks included): ${count}`);
    for (const [key, e] of errors) console.log(`  ${key}  x${e.count}  e.g. ${e.sample}`);
    return count;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => console.error(err));
    await fs.rm(root, { recursive: true, force: true });
  }
}
