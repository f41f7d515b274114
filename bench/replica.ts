// Issue 30 part 3 (`npm run bench -- replica`): the folder page over 100,000 documents served by one PostgreSQL,
// then by the same primary with one streaming replica (pg_basebackup, both on this machine) taking its reads. Needs
// Debian's PostgreSQL (.ci/run installs it); skipped without.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { lsnValue } from '@edoc/contract/read-replica';
import { createReadReplicas } from '../apps/server/src/db/replicas.ts';
import { startJobs } from '../apps/server/src/jobs/jobs.ts';
import { openDatabase } from '../apps/server/src/runtime.ts';
import { createFsBlobStore } from '../apps/server/src/storage/blob-store.ts';
import { debianPgBin, startPgPair } from '../apps/server/src/test/pg-replica.ts';
import { callsThrough } from './calls.ts';
import { makeProject, seedDocuments } from './documents.ts';

type Load = (url: string, headers?: Record<string, string>) => Promise<{ rps: number; p50: number; p99: number }>;

export async function replicaBench(load: Load, row: (name: string, r: Awaited<ReturnType<Load>>) => string) {
  const bin = debianPgBin();
  if (!bin) {
    console.log('\nread replicas: skipped (Debian PostgreSQL with pg_basebackup is not installed)');
    return;
  }
  const pair = await startPgPair(bin);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-bench-replica-'));
  const on = (url: string) => Object.assign(new URL(url), { pathname: '/edoc_bench' }).toString();
  try {
    const admin = createDb(pair.primaryUrl, 1);
    await admin.execute(sql`create database edoc_bench`);
    await admin.$client.end();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: on(pair.primaryUrl),
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
    });
    const { db, url } = await openDatabase(config, () => {});
    const jobs = await startJobs({ url, work: false, handlers: {}, onError: () => {} });
    const blobs = createFsBlobStore(config.blobDir, config.tmpDir);
    const reads = createReadReplicas(db, [on(pair.replicaUrl)], { maxLagMs: 5_000 });
    const primaryOnly = await buildApp({ config, db, jobs, blobs });
    const withReplica = await buildApp({ config, db, jobs, blobs, reads });
    const calls = callsThrough((request) => primaryOnly.inject(request).then((res) => res.json()));
    const project = await makeProject(db, calls);
    const t = Date.now();
    await seedDocuments(db, db, project);
    // The replica has replayed the seed before it is measured.
    const seeded = lsnValue(await reads.primaryLsn(db));
    for (let i = 0; i < 600 && !(await reads.sample(), reads.pick(seeded)); i++)
      await new Promise((r) => setTimeout(r, 100));
    console.log(
      `\nread replicas: 100,000 documents seeded on a Debian PostgreSQL primary and replayed by its replica in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const auth = { authorization: `Bearer ${project.token}` };
    const q = new URLSearchParams({ pageNum: '1', pageSize: '20', folderId: String(project.folderIds[3]) });
    const figures = [];
    for (const [label, app] of [
      ['folder page, primary alone', primaryOnly],
      ['folder page, primary + 1 replica', withReplica],
    ] as const) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const target = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/edoc/folder/workspace/file/list?${q}`;
      await load(target, auth); // warm-up
      const r = await load(target, auth);
      figures.push(r);
      console.log(row(label, r));
    }
    console.log(
      `ratio primary + replica : primary   throughput ${(figures[1].rps / figures[0].rps).toFixed(2)}   (2 cores: both servers, the app and the load share them)`,
    );
    await primaryOnly.close();
    await withReplica.close();
    await jobs.stop();
    await reads.close();
    await db.$client.end();
  } finally {
    pair.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
