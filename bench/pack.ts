// Issue 4 figure: packing 500 files / 1 GB into a download-center zip next to `zip -0 -r` of the same files.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { downloadTasks } from '../apps/server/src/db/schema/documents.ts';
import { packTask } from '../apps/server/src/modules/download/download-pack.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import type { StoreConfig } from '../apps/server/src/storage/create-blob-store.ts';
import type { Project } from './documents.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;

export async function packBench(
  deps: { db: Db; blobs: BlobStore; store: StoreConfig },
  p: Project,
  dir: string,
  files = 500,
  sizeMb = 2,
) {
  const { db, blobs } = deps;
  const src = path.join(dir, 'pack-src');
  await fs.mkdir(src, { recursive: true });
  const body = randomBytes(sizeMb * MB);
  const ids: number[] = [];
  const userId = sql`(select user_id from project_members where project_id = ${p.projectId} limit 1)`;
  for (let i = 0; i < files; i++) {
    // Each file differs in its first bytes, so each is its own blob, as real documents are.
    const content = Buffer.concat([Buffer.from(`%PDF-1.4 bench file ${i}\n`), body]);
    await fs.writeFile(path.join(src, `file-${i}.pdf`), content);
    const blob = await blobs.put(Readable.from([content]));
    const doc = await db.execute<{ id: number }>(sql`
      insert into documents (project_id, folder_id, name, created_by)
      values (${p.projectId}, ${p.folderIds[i % p.folderIds.length]}, ${`Pack ${i}`}, ${userId}) returning id`);
    const docId = doc.rows[0].id;
    await db.execute(sql`
      with v as (insert into document_versions (document_id, version_no, sha256, size, file_name, extension, mime_type, created_by)
                 values (${docId}, 'V1.0', ${blob.sha256}, ${blob.size}, ${`file-${i}.pdf`}, 'pdf', 'application/pdf', ${userId})
                 returning id)
      update documents set current_version_id = (select id from v) where id = ${docId}`);
    ids.push(docId);
  }
  const totalMb = (files * (sizeMb * MB + 24)) / MB;

  const t0 = performance.now();
  await run('zip', ['-0', '-r', '-q', path.join(dir, 'baseline.zip'), '.'], { cwd: src });
  const baseSeconds = (performance.now() - t0) / 1000;

  const [task] = await db
    .insert(downloadTasks)
    .values({
      projectId: p.projectId,
      userId: (await db.execute<{ id: number }>(sql`select ${userId} as id`)).rows[0].id,
      name: 'Bench pack',
      documentIds: ids,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t1 = performance.now();
  // As `npm start` packs: with the worker's built copy (npm install builds it), not its source through tsx.
  if (existsSync(fileURLToPath(new URL('../apps/server/dist/pack-worker.js', import.meta.url))))
    process.env.EDOC_SERVER_BUNDLE = '1';
  await packTask(deps, task.id);
  delete process.env.EDOC_SERVER_BUNDLE;
  const seconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  const [done] = await db
    .select()
    .from(downloadTasks)
    .where(sql`${downloadTasks.id} = ${task.id}`);
  if (done.status !== 1) throw new Error(`pack failed: ${done.error}`);
  await fs.rm(src, { recursive: true, force: true });
  await fs.rm(path.join(dir, 'baseline.zip'), { force: true });
  return {
    files,
    totalMb,
    mbps: totalMb / seconds,
    baseMbps: totalMb / baseSeconds,
    rssGrowthMb: (peak - rssBefore) / MB,
  };
}
