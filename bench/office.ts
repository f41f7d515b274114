// Office documents (issue 16): a conversion through the running LibreOffice next to a cold
// `soffice --headless --convert-to pdf` of the same Word file, and the viewer's first look at a Word file converted
// at upload next to the same look at a PDF.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { documentRoutes } from '@edoc/contract/document-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { makeDocx } from '@edoc/test-support/files';
import type { Config } from '../apps/server/src/config.ts';
import { convertHandlerOf } from '../apps/server/src/convert/convert-job.ts';
import { createOfficeConverter } from '../apps/server/src/convert/warm-office.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import { dataOf } from './calls.ts';
import type { Project } from './documents.ts';

const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** About six pages of a protocol, Chinese and English. */
const protocol = async () =>
  (
    await makeDocx(
      'protocol.docx',
      Array.from({ length: 240 }, (_, i) =>
        i % 2
          ? `${i}. 受试者在签署知情同意书后进入筛选期，研究者记录所有不良事件。`
          : `${i}. The investigator records every adverse event from the signature of the consent onward.`,
      ),
      null,
    )
  ).buffer;

async function timed(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Cold soffice per file (a fresh profile, as each conversion had before; and a reused one, its best case) vs warm. */
export async function conversionBench(config: Config, dir: string) {
  const work = await fs.mkdtemp(path.join(dir, 'office-'));
  const source = path.join(work, 'protocol.docx');
  await fs.writeFile(source, await protocol());
  const soffice = (profile: string, out: string) =>
    run(config.SOFFICE_PATH, [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      out,
      source,
    ]);
  const fresh: number[] = [];
  const reused: number[] = [];
  for (let i = 0; i < 3; i++) {
    fresh.push(await timed(() => soffice(path.join(work, `fresh-${i}`), path.join(work, `out-f${i}`))));
    reused.push(await timed(() => soffice(path.join(work, 'reused'), path.join(work, `out-r${i}`))));
  }
  const office = createOfficeConverter({
    sofficePath: config.SOFFICE_PATH,
    python: config.OFFICE_PYTHON,
    tmpDir: work,
    log: () => {},
  });
  const convert = async (i: number) => office.toPdf(source, await fs.mkdtemp(path.join(work, `warm-${i}-`)), 120_000);
  const first = await timed(() => convert(0));
  const warm: number[] = [];
  for (let i = 1; i <= 7; i++) warm.push(await timed(() => convert(i)));
  office.close();
  await fs.rm(work, { recursive: true, force: true });
  return { fresh: median(fresh), reused: median(reused.slice(1)), first, warm: median(warm) };
}

async function upload(appUrl: string, project: Project, name: string, content: Buffer) {
  const form = new FormData();
  form.set('folderId', String(project.folderIds[0]));
  form.set('name', name);
  form.set('file', new Blob([content]), name);
  const res = await fetch(`${appUrl}/edoc/minio/file/save`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project.token}` },
    body: form,
  });
  return dataOf(documentRoutes.upload, await res.json());
}

/**
 * What the viewer asks before it can draw the first page — the document, the view state, the bytes shown — for a
 * Word file whose rendition was made at upload, next to the same content uploaded as a PDF.
 */
export async function firstViewBench(
  deps: { config: Config; db: Db; blobs: BlobStore },
  appUrl: string,
  project: Project,
) {
  const docx = await protocol();
  const word = await upload(appUrl, project, 'Protocol.docx', docx);
  const headers = { authorization: `Bearer ${project.token}` };
  // Raw: the viewer's requests are timed as the browser makes them (bytes, not parsed), a refused one throws.
  const get = (url: string) =>
    fetch(`${appUrl}/edoc${url}`, { headers }).then(async (r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return Buffer.from(await r.arrayBuffer());
    });
  // The upload's conversion, as the worker runs it (this process has no worker): asked for, then converted.
  await get(`/minio/file/process/${word.fileVersionId}`);
  const sha256 = createHash('sha256').update(docx).digest('hex');
  await convertHandlerOf(deps.config, deps.db, deps.blobs)({ sha256, extension: 'docx' });
  const state = dataOf(
    viewerRoutes.process,
    JSON.parse((await get(`/minio/file/process/${word.fileVersionId}`)).toString()),
  );
  if (state.state !== 'ready') throw new Error(`rendition not ready: ${state.state}`);
  const rendition = await get(`/file/view/${word.fileVersionId}`);
  const pdf = await upload(appUrl, project, 'Protocol.pdf', rendition);
  const look = (doc: { fileId: number; fileVersionId: number }) => async () => {
    await get(`/file/${doc.fileId}?fileVersionId=${doc.fileVersionId}`);
    await get(`/minio/file/state/${doc.fileVersionId}`);
    await get(`/file/view/${doc.fileVersionId}`);
  };
  const times = { word: [] as number[], pdf: [] as number[] };
  for (let i = 0; i < 30; i++) {
    times.word.push(await timed(look(word)));
    times.pdf.push(await timed(look(pdf)));
  }
  return {
    pdfKb: rendition.length / 1024,
    word: { p50: median(times.word), p99: p(times.word, 0.99) },
    pdf: { p50: median(times.pdf), p99: p(times.pdf, 0.99) },
  };
}
