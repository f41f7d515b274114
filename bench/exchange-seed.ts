// The world of issue 28's benchmark (`npm run bench -- exchange`): a company model numbered as the TMF Reference
// Model (NN.NN.NN, which EMS requires), a project on it with one folder per artifact, and its documents, each with
// a file of its own in the blob store and the same bytes in a folder beside (the baseline's `zip -0 -r` input).
// BENCH_EXCHANGE_SCALE (default 1): 10,000 documents of 512 kB, 5 GB; 0.1 is 1,000 documents, 500 MB.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import type { Project } from './documents.ts';

export const SCALE = Number(process.env.BENCH_EXCHANGE_SCALE ?? 1);
export const DOCUMENTS = Math.max(10, Math.round(10_000 * SCALE));
const FILE_BYTES = 512 * 1024;
const ARTIFACTS = 30;

/** A published model of 3 zones, 10 sections and 30 artifacts numbered NN.NN.NN; the project uses it. */
export async function seedEmsModel(db: Db, projectIds: number[], userId: number) {
  const [{ company_id: companyId }] = (
    await db.execute<{ company_id: number }>(sql`select company_id from projects where id = ${projectIds[0]}`)
  ).rows;
  const [{ id: modelId }] = (
    await db.execute<{ id: number }>(sql`insert into tmf_models (company_id, name, state, created_by)
      values (${companyId}, ${`Bench EMS model ${Date.now()}`}, 'draft', ${userId}) returning id`)
  ).rows;
  await db.execute(sql`insert into tmf_zones (model_id, number, name_en, name_zh, position)
    select ${modelId}, lpad(z::text, 2, '0'), 'Zone ' || z, '区域 ' || z, z from generate_series(1, 3) z`);
  await db.execute(sql`insert into tmf_sections (model_id, zone_id, number, name_en, name_zh, position)
    select ${modelId}, z.id, z.number || '.' || lpad(s::text, 2, '0'), 'Section ' || s, '章节 ' || s, s
    from generate_series(1, 10) s join tmf_zones z on z.model_id = ${modelId} and z.position = 1 + (s - 1) % 3`);
  await db.execute(sql`insert into tmf_artifacts (model_id, section_id, number, name_en, name_zh, levels, position)
    select ${modelId}, sec.id, sec.number || '.' || lpad(n::text, 2, '0'), 'Artifact ' || n, '文件 ' || n,
      array['trial'], n
    from generate_series(1, ${ARTIFACTS}) n join tmf_sections sec on sec.model_id = ${modelId}
      and sec.position = 1 + (n - 1) % 10`);
  await db.execute(sql`update tmf_models set state = 'published' where id = ${modelId}`);
  const folderIds: number[][] = [];
  for (const projectId of projectIds) {
    await db.execute(sql`update projects set tmf_model_id = ${modelId} where id = ${projectId}`);
    const folders = await db.execute<{ id: number }>(sql`
      insert into folders (project_id, name, ich_code, sort_order, artifact_id)
      select ${projectId}, a.number || ' ' || a.name_en, a.number, 100 + a.position, a.id
      from tmf_artifacts a where a.model_id = ${modelId} order by a.position returning id`);
    folderIds.push(folders.rows.map((f) => f.id));
  }
  return { modelId, folderIds };
}

/**
 * The documents, one version each, spread over the artifacts' folders, archived; each file's bytes are written to
 * `dir` too (the baseline zips and unzips them). Returns the bytes written.
 */
export async function seedEmsDocuments(db: Db, blobs: BlobStore, p: Project, folderIds: number[], dir: string) {
  await fs.mkdir(dir, { recursive: true });
  const body = randomBytes(FILE_BYTES);
  const userId = sql`(select user_id from project_members where project_id = ${p.projectId} limit 1)`;
  let bytes = 0;
  for (let i = 0; i < DOCUMENTS; i++) {
    // Each file differs in its first bytes, so each is its own blob, as real documents are.
    const content = Buffer.concat([Buffer.from(`%PDF-1.4 exchange bench ${i}\n`), body]);
    bytes += content.length;
    await fs.writeFile(path.join(dir, `file-${i}.pdf`), content);
    const blob = await blobs.put(Readable.from([content]));
    const folderId = folderIds[i % folderIds.length];
    await db.execute(sql`
      with d as (insert into documents (project_id, folder_id, name, status, artifact_id, document_date, created_by)
          select ${p.projectId}, f.id, ${`Bench document ${i}`}, 6, f.artifact_id, current_date - ${i % 300}::int, ${userId}
          from folders f where f.id = ${folderId} returning id),
        v as (insert into document_versions (document_id, version_no, sha256, size, file_name, extension, mime_type, created_by)
          select d.id, 'V1.0', ${blob.sha256}, ${blob.size}, ${`file-${i}.pdf`}, 'pdf', 'application/pdf', ${userId}
          from d returning id, document_id)
      update documents set current_version_id = v.id from v where documents.id = v.document_id`);
  }
  return bytes;
}
