// npm run bench: figures as ratios against a baseline measured in the same run (DEVELOPERS: no timed tests).
// 1. authenticated GET /edoc/user/info (token look-up, idle check, user read, envelope) next to a bare
//    Fastify route answering a constant, both in this process, on 127.0.0.1.
// 2. a 200 MB upload next to cp + sha256sum of the same file (and the process's memory growth meanwhile).
// 3. the workspace listing (a folder page, a name search) and Home's task list over 100,000 documents next to the
//    same SQL.
// 4. packing 500 files / 1 GB into a download-center zip next to `zip -0 -r` of the same files (`-- pack` alone).
// 5. search inside those 100,000 documents' text (issue 13), rare and common terms in English and Chinese, next
//    to the same SQL. `npm run bench -- search` runs 3 and 5 only.
// 6. text extraction in pages/s next to pdftotext / tesseract alone (`-- extract`), and 7. listings over
//    1,000,000 documents next to index-only queries (`-- scale`).
// 8. the login page's JavaScript and time to its form in headless Chromium, split by route next to one bundle
//    (issue 16, `-- first-page`); 9. `npm start` to serving, first start and restart, next to the embedded
//    PostgreSQL alone (`-- start`); 10. Office conversions and the first view of a Word file (`-- office`).
// 11. `-- soak` alone, never in a plain run (ten minutes): 200 users on two API nodes and a worker (soak.ts).
// 12. issue 27's TMF health at 500 sites, 200,000 expected items and 1,000,000 documents: generation, the dashboard,
//    its drill-downs and filing to figures, each next to its baseline (`-- health`; BENCH_HEALTH_SCALE=0.1 smaller).
// 13. issue 28's exchange: an EMS export of 10,000 documents / 5 GB next to `zip -0 -r`, its import next to `unzip`
//    (`-- exchange`; BENCH_EXCHANGE_SCALE=0.1 smaller).
// 14. issue 30's read replicas: the folder page from a Debian PostgreSQL primary alone, then with one streaming
//    replica taking its reads (`-- replica`).
// 15. issue 30's interaction speed in headless Chromium on the 100,000 documents of 3 and 5: click to paint for a
//    folder, a page, a sort, the document panel and a search, and the JS heap after minutes of use (`-- interaction`;
//    BENCH_INTERACTION_MINUTES, 10 by default).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authRoutes } from '@edoc/contract/auth-routes';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startJobs } from '../apps/server/src/jobs/jobs.ts';
import { openDatabase } from '../apps/server/src/runtime.ts';
import { seedAdmin } from '../apps/server/src/seed.ts';
import { sessionLookup } from '../apps/server/src/plugins/auth.ts';
import { sha256 } from '../apps/server/src/lib/crypto.ts';
import { createFsBlobStore } from '../apps/server/src/storage/blob-store.ts';
import { callsThrough } from './calls.ts';
import { makeProject, seedDocuments } from './documents.ts';
import { hotPathsBench } from './hot-paths.ts';
import { packBench } from './pack.ts';
import { conversionBench, firstViewBench } from './office.ts';
import { extractBench } from './extract.ts';
import { firstPageBench } from './first-page.ts';
import { startBench } from './start.ts';
import { scaleBench } from './scale.ts';
import { createUser } from './users.ts';
import { profiled } from './profile.ts';
import { soakBench } from './soak.ts';
import { healthBench } from './health.ts';
import { exchangeBench } from './exchange.ts';
import { replicaBench } from './replica.ts';
import { interactionBench } from './interaction.ts';

const run = promisify(execFile);
const AUTOCANNON = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** `npm run bench -- listing | search | scale | extract | pack | office | first-page | start | auth | soak | health | exchange | replica`: only the
 * listings (3 alone, profiled with BENCH_CPU_PROF), the listing and search figures, the 1,000,000 documents, the extraction throughput, the download-center pack, the
 * Office conversions, the first page (8), the start (9), the authenticated call (1, which every other part runs
 * first), the soak (11), the TMF health (12), the exchange (13) or the read replicas (14). */
const PARTS = [
  'listing',
  'search',
  'scale',
  'extract',
  'pack',
  'office',
  'first-page',
  'start',
  'auth',
  'soak',
  'health',
  'exchange',
  'replica',
  'interaction',
] as const;
const only = PARTS.find((part) => process.argv.includes(part)) ?? null;
// The soak starts its own installation (processes, database) and needs none of the setup below.
if (only === 'soak') process.exit((await soakBench()) === 0 ? 0 : 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** The documents of parts 3, 5 and 15; fewer (BENCH_DOCS) only to try a change of the bench itself quickly. */
const DOCS = Number(process.env.BENCH_DOCS ?? 100_000);

/** autocannon runs in its own process, so the load generator does not share the server's event loop. */
async function load(url: string, headers: Record<string, string> = {}) {
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run(process.execPath, [AUTOCANNON, ...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as autocannon.Result;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const row = (name: string, r: { rps: number; p50: number; p99: number }) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`;

/**
 * BENCH_KEEP=<folder>: the database and the 100,000 documents of parts 3, 5 and 15 kept there from one run to the
 * next (seeded by the first), so a change of the server is measured again in seconds, not after minutes of seeding.
 */
const KEEP = process.env.BENCH_KEEP ? path.resolve(process.env.BENCH_KEEP) : null;
// The other parts would add their own projects to the kept database on every run, and the next figures read it.
if (KEEP && only !== 'listing' && only !== 'search' && only !== 'interaction')
  throw new Error('BENCH_KEEP keeps the data of listing, search and interaction: run one of them alone');
const dataDir = KEEP ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-bench-')));
await fs.mkdir(dataDir, { recursive: true });
await fs.chmod(dataDir, 0o755);
const config = loadConfig({ DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'silent' });
const { db, url, ownerUrl, embedded } = await openDatabase(config, () => {});
// The tables' owner, to vacuum after the bulk loads (the app's role may not).
const owner = createDb(ownerUrl, 1);
await seedAdmin(db, { email: config.ADMIN_EMAIL });
const jobs = await startJobs({ url, work: false, handlers: {}, onError: () => {} });
const blobs = createFsBlobStore(config.blobDir, config.tmpDir);
const app = await buildApp({ config, db, jobs, blobs });
/** Calls of the app's routes in process, for setting up (not timed). */
const calls = callsThrough((request) => app.inject(request).then((res) => res.json()));
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/bare', async () => ({ status: true, msg: 'ok', data: { hello: 'world' }, errorCode: null }));
// The fair floor for a database-checked token (issue 16): the same prepared session look-up, nothing else.
const lookup = sessionLookup(db);
bare.get('/bare-lookup', async (request, reply) => {
  const [row] = await lookup.execute({ tokenHash: sha256(request.headers.authorization?.slice(7) ?? '') });
  if (!row) return reply.code(401).send({ status: false, msg: 'unauthorized', data: null, errorCode: 'unauthorized' });
  return { status: true, msg: 'ok', data: { userId: row.u.id, email: row.u.email }, errorCode: null };
});
await bare.listen({ port: 0, host: '127.0.0.1' });

/** A web build served by the real server on its own port: the same static files, compression and cache headers. */
async function serveWeb(webDist: string) {
  const web = await buildApp({ config: { ...config, WEB_DIST: webDist }, db, jobs, blobs });
  await web.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(web.server.address() as { port: number }).port}`, close: () => web.close() };
}

try {
  const { email, password } = await createUser(db);
  const { token } = await calls(null, authRoutes.login, { body: { email, password } });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  console.log(
    `edoc bench: ${SECONDS} s per load, ${CONNECTIONS} connections, ${os.cpus().length} cores, node ${process.version}\n`,
  );
  const bearer = { authorization: `Bearer ${token}` };
  await load(`${bareUrl}/bare`); // warm-up of every path before measuring
  await load(`${bareUrl}/bare-lookup`, bearer);
  await load(`${appUrl}/edoc/user/info`, bearer);
  const constant = await load(`${bareUrl}/bare`);
  const base = await load(`${bareUrl}/bare-lookup`, bearer);
  const info = await profiled('user-info', () => load(`${appUrl}/edoc/user/info`, bearer));
  console.log(row('bare Fastify route, a constant', constant));
  console.log(row('bare route + session look-up (baseline)', base));
  console.log(row('GET /edoc/user/info (with token)', info));
  // autocannon's latencies are whole milliseconds: a 0 ms baseline is counted as 1 ms for the ratio.
  const x = (a: number, b: number) => `${(a / Math.max(b, 1)).toFixed(1)}x`;
  console.log(
    `ratio user/info : look-up route   throughput ${(info.rps / base.rps).toFixed(3)}   p50 ${x(info.p50, base.p50)}   p99 ${x(info.p99, base.p99)}   (: constant ${(info.rps / constant.rps).toFixed(3)})`,
  );

  if (!only || only === 'extract') {
    console.log('');
    await extractBench();
  }
  if (!only || only === 'first-page') {
    await firstPageBench(serveWeb);
  }
  if (!only || only === 'start') await startBench();
  if (!only || only === 'scale') {
    const t = Date.now();
    const big = await makeProject(db, calls);
    await seedDocuments(db, owner, big, 1_000_000);
    console.log(
      `\n1,000,000 documents seeded in ${((Date.now() - t) / 1000).toFixed(1)} s (one client, 100 calls each)`,
    );
    await scaleBench(db, appUrl, big);
  }
  if (!only || only === 'health') await healthBench(db, owner, calls, appUrl, await makeProject(db, calls));
  if (!only || only === 'listing' || only === 'search' || only === 'interaction') {
    const setup = { db, owner, calls, appUrl, dataDir, keep: !!KEEP, only, load, row };
    const project = await hotPathsBench({ ...setup, docs: DOCS, seconds: SECONDS, connections: CONNECTIONS });
    // The shipped build (npm install builds it), on the same 100,000 documents and their text.
    const shipped = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
    if (!only || only === 'interaction') await interactionBench(() => serveWeb(shipped), project);
  }
  if (!only || only === 'office') {
    const c = await conversionBench(config, dataDir);
    console.log(
      `\nWord file (6 pages) to PDF: running LibreOffice ${c.warm.toFixed(0)} ms (its first start ${c.first.toFixed(0)} ms)   cold soffice ${c.reused.toFixed(0)} ms (fresh profile ${c.fresh.toFixed(0)} ms)   ratio ${(c.warm / c.reused).toFixed(2)}`,
    );
    const v = await firstViewBench({ config, db, blobs }, appUrl, await makeProject(db, calls));
    console.log(
      `viewer's first look (document, state, ${v.pdfKb.toFixed(0)} KB shown): Word converted at upload p50 ${v.word.p50.toFixed(1)} ms p99 ${v.word.p99.toFixed(1)} ms   same PDF p50 ${v.pdf.p50.toFixed(1)} ms p99 ${v.pdf.p99.toFixed(1)} ms   ratio ${(v.word.p50 / v.pdf.p50).toFixed(2)}`,
    );
  }
  if (!only || only === 'exchange')
    await exchangeBench(
      { config, db, blobs, store: config },
      await makeProject(db, calls),
      await makeProject(db, calls),
      dataDir,
    );
  if (!only || only === 'replica') await replicaBench(load, row);
  if (!only || only === 'pack') {
    const pack = await packBench({ db, blobs, store: config }, await makeProject(db, calls), dataDir);
    console.log(
      `\npack ${pack.files} files / ${pack.totalMb.toFixed(0)} MB: ${pack.mbps.toFixed(0)} MB/s   zip -0 -r: ${pack.baseMbps.toFixed(0)} MB/s   ratio ${(pack.mbps / pack.baseMbps).toFixed(2)}   process RSS growth ${pack.rssGrowthMb.toFixed(0)} MB`,
    );
  }
} finally {
  await app.close();
  await bare.close();
  await jobs.stop();
  await db.$client.end();
  await owner.$client.end();
  await embedded?.stop();
  if (!KEEP) await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
