import { downloadName } from '@edoc/contract/file-rules';
import type { Worker } from 'node:worker_threads';
import { DownloadStatus } from '@edoc/contract/download';
import type { ErrorCode } from '@edoc/contract/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, documentVersions, downloadTasks } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { csvDocument } from '../../lib/csv.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StoreConfig } from '../../storage/create-blob-store.ts';
import { pathOf } from '../../access/folder-rights.ts';
import { signedDownload, type SignedVersion } from '../seal/signed-copy.ts';
import { versionsWithESignatures } from '../seal/e-signature-page.ts';
import { certifiedCopiesOf } from '../certified-copy/certified-copy-read.ts';
import type { PackJob, ToWorker } from './pack-worker.ts';
import { packOnThreads, PackMissing } from './pack-threads.ts';
import { safeSegment, STATUS_NAMES, STORED, uniqueName } from './pack-names.ts';

export const DOWNLOAD_QUEUE = 'download.pack';

export interface PackDeps {
  db: Db;
  blobs: BlobStore;
  /** The same store as `blobs`, as configured: the worker opens its own. */
  store: StoreConfig;
}

/** A reason the pack cannot succeed however often it is retried; stored as a contract error code. */
export class PackError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string>,
  ) {
    super(code);
  }
}

/** The stored failure: a contract code with its params, translated when listed (download.service reasonOf). */
export function failureText(err: unknown): string {
  if (err instanceof PackError) return JSON.stringify({ code: err.code, params: err.params });
  const reason = err instanceof Error ? err.message : String(err);
  return JSON.stringify({ code: 'download_pack_failed', params: { reason: reason.slice(0, 500) } });
}

type Task = typeof downloadTasks.$inferSelect;
type Packer = (deps: PackDeps, task: Task) => Promise<{ sha256: string; size: number }>;

/**
 * How tasks of other kinds than 'files' are packed (issue 28: exchange/ems-export-pack.ts registers 'ems' and
 * 'inspection' as it loads), so this module knows none of them (modules import each other one way only).
 */
const PACKERS = new Map<string, Packer>();
export function registerPacker(kind: string, packer: Packer): void {
  PACKERS.set(kind, packer);
}

/** The queue's handler (registered in main.ts and the test context). */
export function createPackHandler(deps: PackDeps): JobHandler<typeof DOWNLOAD_QUEUE> {
  return async (data) => packTask(deps, Number(data.taskId));
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Entry {
  path: string;
  sha256: string;
  fileName: string;
  extension: string;
  createdAt: Date;
  /** What a signed PDF's signature page names (signed-copy.ts). */
  doc: { name: string };
  version: SignedVersion;
}

/**
 * Packs a task's documents (their current versions) into a zip, streamed into the blob store as
 * a blob the task points at. Runs again safely after a crash: only a task still packing is packed.
 */
export async function packTask(deps: PackDeps, taskId: number): Promise<void> {
  const [task] = await deps.db.select().from(downloadTasks).where(eq(downloadTasks.id, taskId));
  if (!task || task.status !== DownloadStatus.Packing) return;
  const packing = and(eq(downloadTasks.id, task.id), eq(downloadTasks.status, DownloadStatus.Packing));
  let stored: { sha256: string; size: number };
  try {
    const packer = task.kind === 'files' ? buildZip : PACKERS.get(task.kind);
    if (!packer) throw new Error(`no packer for download tasks of kind ${task.kind}`);
    stored = await packer(deps, task);
  } catch (err) {
    await deps.db
      .update(downloadTasks)
      .set({ status: DownloadStatus.Failed, error: failureText(err), finishedAt: new Date() })
      .where(packing);
    return;
  }
  // A task deleted meanwhile matches nothing; its zip is then an orphan for the blob sweep.
  await deps.db
    .update(downloadTasks)
    .set({ status: DownloadStatus.Completed, progress: 100, ...stored, error: null, finishedAt: new Date() })
    .where(packing);
}

async function buildZip(deps: PackDeps, task: typeof downloadTasks.$inferSelect) {
  const rows = await deps.db
    .select({ d: documents, v: documentVersions })
    .from(documents)
    .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .where(and(eq(documents.projectId, task.projectId), inArray(documents.id, task.documentIds)));
  const byId = new Map(
    (await deps.db.select().from(folders).where(eq(folders.projectId, task.projectId))).map((f) => [f.id, f]),
  );
  // Folder names in the language of the person who asked (issue 26: an English user's zip had Chinese folders).
  const dirOf = (folderId: number) => pathOf(folderId, byId, task.lang).map(safeSegment).join('/');
  const sorted = rows
    .map((r) => ({ ...r, dir: r.d.folderId === null ? '' : dirOf(r.d.folderId) }))
    // Code-point order: the same on every machine, whatever its locale data.
    .sort((a, b) => byCodePoint(a.dir, b.dir) || byCodePoint(a.d.name, b.d.name) || a.d.id - b.d.id);

  // Issue 28 part 4: a certified copy says so, with who certified it and when (UTC).
  const certified = await certifiedCopiesOf(
    deps.db,
    sorted.flatMap((r) => (r.v ? [r.v.id] : [])),
  );
  const certifiedText = (versionId: number) => {
    const c = certified.get(versionId);
    return c ? `certified by ${c.by} at ${c.at}` : null;
  };
  const manifest: Array<Array<string | number | null>> = [
    ['path', 'document name', 'version', 'sha256', 'size', 'status', 'certified copy'],
  ];
  const entries: Entry[] = [];
  const usedIn = new Map<string, Set<string>>();
  for (const { d, v, dir } of sorted) {
    // Documents put in the recycle bin since the task was made are listed but not packed.
    if (d.deletedAt || !v || v.deletedAt || d.folderId === null) {
      manifest.push(['', d.name, v?.versionNo ?? null, null, null, 'deleted', null]);
      continue;
    }
    if (!(await deps.blobs.has(v.sha256))) throw new PackError('download_file_missing', { name: v.fileName });
    const used = usedIn.get(dir) ?? new Set<string>();
    usedIn.set(dir, used);
    const entryPath = `${dir}/${uniqueName(used, safeSegment(downloadName(d.name, v.extension)))}`;
    entries.push({
      path: entryPath,
      sha256: v.sha256,
      fileName: v.fileName,
      extension: v.extension,
      createdAt: v.createdAt,
      doc: d,
      version: v,
    });
    const status = STATUS_NAMES[d.status] ?? String(d.status);
    manifest.push([entryPath, d.name, v.versionNo, v.sha256, v.size, status, certifiedText(v.id)]);
  }

  // The versions a signature applies to: a PDF of them goes in with its signature page (asked once, not per file).
  const signed = await versionsWithESignatures(
    deps.db,
    entries.map((e) => e.version.id),
  );
  return writeZip(deps, task.id, entries, signed, Buffer.from(csvDocument(manifest), 'utf8'));
}

/**
 * Packs in worker threads (pack-threads.ts: one zips, one stores) straight into the blob store, which spools the zip
 * to a temporary file while hashing (a crash mid-way leaves only that, swept at start-up) and moves it into place: the 1 GB is written
 * once. This thread keeps the database: it writes the progress and makes the signed copies the worker asks for.
 */
async function writeZip(deps: PackDeps, taskId: number, entries: Entry[], signed: Set<number>, manifest: Buffer) {
  const job: PackJob = {
    store: deps.store,
    files: entries.map((e) => ({
      name: e.path,
      mtimeMs: e.createdAt.getTime(),
      compress: !STORED.has(e.extension.toLowerCase()),
      sha256: e.sha256,
      fileName: e.fileName,
      signed: signed.has(e.version.id),
    })),
    manifest,
  };
  return runPack(deps, taskId, job, { signedFor: (i, worker) => void signedFor(deps, entries[i], i, worker) });
}

/**
 * Runs a pack job on its worker threads and answers the stored zip. Progress moves per finished file from `from` to
 * 99, written only when the whole percent changes; 100 is set on completion. An export (exchange/ems-export-pack.ts)
 * runs its own job here: its files carry no `signed` (its signed copies are files of their own).
 */
export async function runPack(
  deps: PackDeps,
  taskId: number,
  job: PackJob,
  opts: { signedFor?: (i: number, worker: Worker) => void; from?: number } = {},
) {
  const from = opts.from ?? 0;
  let done = 0;
  let shown = from;
  let saving = Promise.resolve();
  const fileDone = () => {
    done++;
    const pct = from + Math.floor((done / job.files.length) * (99 - from));
    if (pct <= shown) return;
    shown = pct;
    saving = saving.then(async () => {
      await deps.db.update(downloadTasks).set({ progress: pct }).where(eq(downloadTasks.id, taskId));
    });
  };
  try {
    const stored = await packOnThreads(job, { file: fileDone, signed: opts.signedFor });
    await saving;
    return stored;
  } catch (err) {
    throw err instanceof PackMissing ? new PackError('download_file_missing', { name: err.fileName }) : err;
  }
}

/** A signed PDF goes in as it downloads: with its signature page, PAdES-signed (its content checked on reading). */
async function signedFor(deps: PackDeps, e: Entry, i: number, worker: Worker) {
  const answer: ToWorker = await signedDownload(deps, e.doc, e.version).then(
    (bytes) => ({ t: 'signed', i, bytes }),
    () => ({ t: 'signed', i, bytes: null, failed: true }),
  );
  // Copied, not transferred: a Buffer may be a view into memory other Buffers share.
  worker.postMessage(answer);
}
