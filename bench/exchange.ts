// Issue 28 figures (`npm run bench -- exchange`): an EMS export of 10,000 documents / 5 GB (exchange-seed.ts) next
// to `zip -0 -r` of the same files, and the import of that package into an empty project — its checks and preview,
// then the filing of every object — next to `unzip` of the same package; each with the process's memory growth.
// Goals (issue 28): throughput ≥ 0.6 × the baseline, memory growth ≤ 128 MB, the preview of 10,000 objects ≤ 10 s.
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { exchangeImportRows, exchangeImports } from '../apps/server/src/db/schema/exchange.ts';
import { fileImport } from '../apps/server/src/modules/exchange/ems-import-file.ts';
import { previewImport } from '../apps/server/src/modules/exchange/ems-import-preview.ts';
import { downloadTasks } from '../apps/server/src/db/schema/documents.ts';
import { packTask } from '../apps/server/src/modules/download/download-pack.ts';
// Registers the EMS packer with the download center, as the app's routes do when they load.
import '../apps/server/src/modules/exchange/ems-export-pack.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import type { StoreConfig } from '../apps/server/src/storage/create-blob-store.ts';
import type { Project } from './documents.ts';
import { profiled } from './profile.ts';
import { DOCUMENTS, seedEmsDocuments, seedEmsModel } from './exchange-seed.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;

/**
 * Runs `work` while sampling the process's memory every 20 ms: seconds taken, the RSS peak's growth in MB, and at that
 * peak how much of it was the JavaScript heap and how much buffers (what to look at when the growth is too large).
 */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage();
  let peak = before;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 20);
  const t = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - t) / 1000,
      rssGrowthMb: (peak.rss - before.rss) / MB,
      split: `heap ${((peak.heapUsed - before.heapUsed) / MB).toFixed(0)}, buffers ${((peak.arrayBuffers - before.arrayBuffers) / MB).toFixed(0)}`,
    };
  } finally {
    clearInterval(sampler);
  }
}

export interface ExchangeDeps {
  config: Config;
  db: Db;
  blobs: BlobStore;
  store: StoreConfig;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
};

/** `zip -0 -r` of the seeded files: seconds. */
async function zipOnce(src: string, dir: string) {
  const zip = path.join(dir, 'baseline.zip');
  const timed = await measured(() => run('zip', ['-0', '-r', '-q', zip, '.'], { cwd: src, maxBuffer: 64 * MB }));
  await fs.rm(zip, { force: true });
  return timed.seconds;
}

/** One export of every document as a download-center task of kind 'ems', packed as the worker packs it. */
async function exportOnce(deps: ExchangeDeps, p: Project, userId: number, ids: number[], profile: boolean) {
  const { db } = deps;
  const [task] = await db
    .insert(downloadTasks)
    .values({
      projectId: p.projectId,
      userId,
      name: 'Bench EMS export',
      documentIds: ids,
      kind: 'ems',
      selection: { kind: 'ems', allVersions: true },
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  // As `npm start` packs: with the worker's built copy (npm install builds it), not its source through tsx.
  if (existsSync(fileURLToPath(new URL('../apps/server/dist/pack-worker.js', import.meta.url))))
    process.env.EDOC_SERVER_BUNDLE = '1';
  const pack = () => packTask(deps, task.id);
  const timed = await measured(() => (profile ? profiled('ems-export', pack) : pack()));
  delete process.env.EDOC_SERVER_BUNDLE;
  const [done] = await db.select().from(downloadTasks).where(eq(downloadTasks.id, task.id));
  if (done.status !== 1 || !done.sha256) throw new Error(`EMS export failed: ${done.error}`);
  return { seconds: timed.seconds, rssGrowthMb: timed.rssGrowthMb, sha256: done.sha256, size: done.size ?? 0 };
}

/** The export of the whole project, next to `zip -0 -r` of the same files. */
async function exportBench(deps: ExchangeDeps, p: Project, dir: string) {
  const { db } = deps;
  const src = path.join(dir, 'exchange-src');
  const userId = (
    await db.execute<{ id: number }>(
      sql`select user_id as id from project_members where project_id = ${p.projectId} limit 1`,
    )
  ).rows[0].id;
  const { folderIds } = await seedEmsModel(db, [p.projectId], userId);
  const t = performance.now();
  const bytes = await seedEmsDocuments(db, deps.blobs, p, folderIds[0], src);
  console.log(
    `\n${DOCUMENTS.toLocaleString()} documents / ${(bytes / MB).toFixed(0)} MB seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const ids = (
    await db.execute<{ id: number }>(sql`select id from documents where project_id = ${p.projectId} order by id`)
  ).rows.map((r) => r.id);
  // Fair in both directions: each run starts with the seeding's and the last run's writes on disk (`sync`, not timed),
  // so neither pays for the other's write-back, and the two alternate (baseline, export, export, baseline) so a load
  // that rises or falls meanwhile weighs on both alike. Each figure is the median of its runs.
  const baselines: number[] = [];
  const exports: Array<Awaited<ReturnType<typeof exportOnce>>> = [];
  for (const which of ['zip', 'ems', 'ems', 'zip']) {
    await run('sync');
    if (which === 'zip') baselines.push(await zipOnce(src, dir));
    else exports.push(await exportOnce(deps, p, userId, ids, exports.length === 0));
  }
  // The import reads the first package; the others go (5 GB each at scale 1).
  for (const e of exports.slice(1)) await deps.blobs.remove(e.sha256);
  const [first] = exports;
  const mb = bytes / MB;
  const zipSeconds = median(baselines);
  const exportSeconds = median(exports.map((e) => e.seconds));
  const each = (list: number[]) => list.map((t) => (mb / t).toFixed(0)).join(', ');
  console.log(
    `EMS export ${DOCUMENTS.toLocaleString()} objects / ${mb.toFixed(0)} MB: ${(mb / exportSeconds).toFixed(0)} MB/s (${each(exports.map((e) => e.seconds))}; package ${(first.size / MB).toFixed(0)} MB)   zip -0 -r: ${(mb / zipSeconds).toFixed(0)} MB/s (${each(baselines)})   ratio ${(zipSeconds / exportSeconds).toFixed(2)}   process RSS growth ${Math.max(...exports.map((e) => e.rssGrowthMb)).toFixed(0)} MB`,
  );
  await fs.rm(src, { recursive: true, force: true });
  return { packageSha256: first.sha256, packageSize: first.size, bytes, userId };
}

/**
 * The package imported into an empty project of another company on a model of the same numbers: its checks and
 * preview (every file hashed against its INTEGRITY, every object mapped), then every object accepted and filed,
 * next to `unzip` of the same package.
 */
async function importBench(deps: ExchangeDeps, target: Project, dir: string, pkg: { sha256: string; size: number }) {
  const { db } = deps;
  const userId = (
    await db.execute<{ id: number }>(
      sql`select user_id as id from project_members where project_id = ${target.projectId} limit 1`,
    )
  ).rows[0].id;
  await seedEmsModel(db, [target.projectId], userId);
  const zip = path.join(dir, 'package.zip');
  await pipeline(await deps.blobs.get(pkg.sha256), createWriteStream(zip));
  const baseline = await measured(() => run('unzip', ['-q', '-o', zip, '-d', path.join(dir, 'unzipped')]));
  await fs.rm(path.join(dir, 'unzipped'), { recursive: true, force: true });
  await fs.rm(zip, { force: true });

  const [imp] = await db
    .insert(exchangeImports)
    .values({
      projectId: target.projectId,
      userId,
      kind: 'ems',
      packageName: 'bench.zip',
      packageSha256: pkg.sha256,
      packageSize: pkg.size,
      options: { createCountries: false, createSites: false, fullAccess: true },
    })
    .returning();
  const preview = await measured(() => profiled('ems-preview', () => previewImport(deps, imp.id)));
  const [previewed] = await db.select().from(exchangeImports).where(eq(exchangeImports.id, imp.id));
  if (previewed.state !== 'preview') throw new Error(`EMS preview failed: ${previewed.error}`);
  const rows = await db
    .update(exchangeImportRows)
    .set({ decision: 'accept', state: 'pending' })
    .where(sql`${exchangeImportRows.importId} = ${imp.id} and ${exchangeImportRows.problems} = '[]'::jsonb`)
    .returning({ id: exchangeImportRows.id });
  await db.update(exchangeImports).set({ state: 'filing' }).where(eq(exchangeImports.id, imp.id));
  const filed = await measured(() => profiled('ems-filing', () => fileImport(deps, imp.id)));
  const [done] = await db.select().from(exchangeImports).where(eq(exchangeImports.id, imp.id));
  const count = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from documents where project_id = ${target.projectId} and source_object_id is not null`,
    )
  ).rows[0].n;
  const mb = pkg.size / MB;
  console.log(
    `EMS import preview of ${rows.length.toLocaleString()} objects (every file hashed): ${preview.seconds.toFixed(1)} s   process RSS growth ${preview.rssGrowthMb.toFixed(0)} MB (${preview.split})`,
  );
  console.log(
    `EMS import filing ${count.toLocaleString()} documents / ${mb.toFixed(0)} MB (${done.state}): ${(mb / filed.seconds).toFixed(0)} MB/s   unzip: ${(mb / baseline.seconds).toFixed(0)} MB/s   ratio ${(baseline.seconds / filed.seconds).toFixed(2)}   process RSS growth ${filed.rssGrowthMb.toFixed(0)} MB (${filed.split})`,
  );
}

export async function exchangeBench(deps: ExchangeDeps, source: Project, target: Project, dir: string) {
  const exported = await exportBench(deps, source, dir);
  await importBench(deps, target, dir, { sha256: exported.packageSha256, size: exported.packageSize });
}
