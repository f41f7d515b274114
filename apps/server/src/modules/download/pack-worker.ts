import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createBlobStore, type StoreConfig } from '../../storage/create-blob-store.ts';
import { ChunkPool, sendChunks, storeChunks, type SpoolMessage } from './pack-spool.ts';
import { zipStream, type Content } from './zip-writer.ts';

/**
 * The byte work of a pack (issue 16), in a worker thread of its own: reading every stored file, checking its sha256,
 * the zip's CRCs and the finished zip's own sha256 — two to three passes over every byte. In the server's thread,
 * whose heap holds the whole application, the garbage collector's passes over that heap took a fifth of the time;
 * here the heap is small. The database stays with the caller (download-pack.ts), which answers for signed PDFs.
 * The same module runs twice per pack (pack-threads.ts): as the pack, and as the thread storing the zip it sends.
 */

/** One file of the zip, as the caller decided it. */
export interface PackFile {
  name: string;
  mtimeMs: number;
  compress: boolean;
  sha256: string;
  /** The file's name in the error a missing or changed content reports. */
  fileName: string;
  /** A signature applies: the caller makes its signed copy (or answers null: the stored bytes go in). */
  signed: boolean;
  /** Read from this temporary file rather than the blob store (an export's exchange.xml, signed copies, manifest). */
  path?: string;
}

export interface PackJob {
  store: StoreConfig;
  files: PackFile[];
  /** The download center's manifest.csv; an export lists its manifest among the files. */
  manifest?: Uint8Array;
}

/** What each thread is given: the pack with its job, or the store; the channel between them. */
export type PackThreadData =
  { role: 'pack'; job: PackJob; port: MessagePort } | { role: 'spool'; store: StoreConfig; port: MessagePort };

/** From a thread: one file finished, a signed copy wanted, the zip all sent, the stored zip, or why it failed. */
export type FromWorker =
  | { t: 'file' }
  | { t: 'signed'; i: number }
  | { t: 'sent' }
  | { t: 'stored'; sha256: string; size: number }
  | { t: 'missing'; fileName: string }
  | { t: 'error'; message: string };

/** To the worker: the signed copy of file i, null for the stored bytes, or an error making it. */
export type ToWorker = { t: 'signed'; i: number; bytes: Uint8Array | null; failed?: boolean };

class Missing extends Error {
  constructor(readonly fileName: string) {
    super(`content of ${fileName} is missing or changed`);
  }
}

const port = parentPort!;

/** The storing thread: the zip's chunks into the store, then the stored blob (or why not) to the caller. */
async function spool(channel: MessagePort, config: StoreConfig) {
  try {
    const stored = await storeChunks(channel, createBlobStore(config), config.tmpDir);
    port.postMessage({ t: 'stored', sha256: stored.sha256, size: stored.size } satisfies FromWorker);
  } catch (err) {
    port.postMessage({ t: 'error', message: err instanceof Error ? err.message : String(err) } satisfies FromWorker);
  }
  channel.close();
}

const waiting = new Map<number, (answer: ToWorker) => void>();

const signedCopy = (i: number) =>
  new Promise<ToWorker>((resolve) => {
    waiting.set(i, resolve);
    port.postMessage({ t: 'signed', i } satisfies FromWorker);
  });

/** The stored bytes, hashed as they stream: the content must still be what the version recorded (DESIGN §7). */
async function* verified(source: AsyncIterable<Buffer>, file: PackFile): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of source) {
      hash.update(chunk);
      yield chunk;
    }
  } catch {
    throw new Missing(file.fileName);
  }
  if (hash.digest('hex') !== file.sha256) throw new Missing(file.fileName);
  port.postMessage({ t: 'file' } satisfies FromWorker);
}

/** A stored file on this machine read into the pool's buffers, each lent to the storing thread and given back. */
async function* pooledRead(file: string, pool: ChunkPool): AsyncGenerator<Buffer> {
  const handle = await fs.open(file);
  try {
    for (let position = 0; ;) {
      const buf = pool.take();
      const { bytesRead } = await handle.read(buf, 0, buf.length, position);
      if (bytesRead === 0) return pool.give(buf.buffer as ArrayBuffer);
      position += bytesRead;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

async function contentOf(store: BlobStore, pool: ChunkPool | undefined, file: PackFile, i: number): Promise<Content> {
  if (file.signed) {
    const answer = await signedCopy(i);
    if (answer.failed) throw new Missing(file.fileName);
    if (answer.bytes) {
      port.postMessage({ t: 'file' } satisfies FromWorker);
      return [Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength)];
    }
  }
  if (file.path) return verified(createReadStream(file.path) as AsyncIterable<Buffer>, file);
  if (pool && store.localPath) return verified(pooledRead(store.localPath(file.sha256), pool), file);
  const source = await store.get(file.sha256).catch(() => {
    throw new Missing(file.fileName);
  });
  return verified(source, file);
}

/** The pack thread: reads and checks every file, zips, and sends the zip to the storing thread. */
async function pack(job: PackJob, channel: MessagePort) {
  port.on('message', (answer: ToWorker) => waiting.get(answer.i)?.(answer));
  const store = createBlobStore(job.store);
  // A store on a local disk: its files read into lent buffers, as the storing thread writes it itself (pack-spool.ts).
  const pool = store.localPath && store.putFile ? new ChunkPool() : undefined;
  const inputs = job.files.map((file, i) => ({
    name: file.name,
    mtime: new Date(file.mtimeMs),
    compress: file.compress,
    content: () => contentOf(store, pool, file, i),
  }));
  if (job.manifest) {
    const manifest = Buffer.from(job.manifest.buffer, job.manifest.byteOffset, job.manifest.byteLength);
    inputs.push({ name: 'manifest.csv', mtime: new Date(), compress: true, content: async () => [manifest] });
  }
  try {
    await sendChunks(channel, zipStream(inputs), pool);
    port.postMessage({ t: 'sent' } satisfies FromWorker);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    // The storing thread drops its temporary file; the caller hears why from here.
    channel.postMessage({ abort: reason } satisfies SpoolMessage);
    port.postMessage(
      (err instanceof Missing
        ? { t: 'missing', fileName: err.fileName }
        : { t: 'error', message: reason }) satisfies FromWorker,
    );
  }
  channel.close();
}

// Last, once every declaration above is initialised.
const data = workerData as PackThreadData;
if (data.role === 'spool') await spool(data.port, data.store);
else await pack(data.job, data.port);
port.close();
