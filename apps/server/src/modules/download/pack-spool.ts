import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';

/*
 * A pack's zip goes from the pack thread to a second thread that stores it (pack-threads.ts). Storing hashes the whole
 * zip again (its sha256 names the blob) on top of the pack thread's check of every stored file's sha256 and the zip's
 * CRCs: two SHA-256 passes over every byte on one thread were most of what an EMS export took beyond `zip -0 -r`
 * (docs/exchange.md, Benchmark). On two threads the passes overlap, and on a busy machine the pack gets two shares of
 * the cores instead of one.
 *
 * Memory: a fresh buffer per chunk is freed only when its thread's garbage collector runs, and the storing thread
 * allocates too little to run it often (an export's RSS growth was 144 MB at scale 1, 55 MB on one thread). So with a
 * store on a local disk the pack reads stored files into a pool of buffers (ChunkPool), each moved to the storing
 * thread, written, and moved back to be read into again: nothing is allocated per chunk on either side.
 */

/** Chunks in flight between the threads: 8 of 512 kB read chunks, what the store's write stream keeps waiting too. */
const AHEAD = 8;
/**
 * A chunk this large that is its whole ArrayBuffer moves to the other thread without a copy (a file read stream's are);
 * a smaller one, or a view into memory others share (zlib's output, a pooled Buffer), is copied.
 */
const TRANSFER_MIN = 128 * 1024;
/** The pool's buffers: the blob store's read size. */
const POOL_CHUNK = 512 * 1024;

/** From the pack thread: a chunk (its buffer's bytes; `back`: the buffer returns once written), the end, or why not. */
export type SpoolMessage =
  { buffer: ArrayBuffer; offset: number; length: number; back: boolean } | null | { abort: string };
/** From the storing thread: a chunk taken, with its buffer when it goes back to the pool. */
type Ack = { buffer?: ArrayBuffer };

/** The pack thread's read buffers, each lent to the storing thread and given back once its bytes are written. */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  private readonly mine = new WeakSet<ArrayBuffer>();
  take(): Buffer {
    const b = this.free.pop() ?? Buffer.allocUnsafeSlow(POOL_CHUNK);
    this.mine.add(b.buffer as ArrayBuffer);
    return b;
  }
  owns(chunk: Buffer): boolean {
    return this.mine.has(chunk.buffer as ArrayBuffer);
  }
  give(buffer: ArrayBuffer): void {
    if (this.free.length <= AHEAD) this.free.push(Buffer.from(buffer));
  }
}

/**
 * Sends the zip's chunks through `port`, never more than AHEAD ahead of the storing thread. A chunk moved is empty
 * here afterwards: what yields it must not read it again (zip-writer.ts reads every length before it yields).
 */
export async function sendChunks(port: MessagePort, chunks: AsyncIterable<Buffer>, pool?: ChunkPool): Promise<void> {
  let credits = AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', (ack: Ack) => {
    if (ack.buffer) pool?.give(ack.buffer);
    credits++;
    wake?.();
    wake = undefined;
  });
  for await (const chunk of chunks) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    const buffer = chunk.buffer as ArrayBuffer;
    const at = { offset: chunk.byteOffset, length: chunk.byteLength };
    if (pool?.owns(chunk)) port.postMessage({ buffer, ...at, back: true } satisfies SpoolMessage, [buffer]);
    else if (chunk.byteLength >= TRANSFER_MIN && chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength)
      port.postMessage({ buffer, ...at, back: false } satisfies SpoolMessage, [buffer]);
    else {
      const copy = new Uint8Array(chunk).buffer;
      port.postMessage({ buffer: copy, offset: 0, length: chunk.byteLength, back: false } satisfies SpoolMessage, [
        copy,
      ]);
    }
  }
  port.postMessage(null satisfies SpoolMessage);
}

/** The storing thread's end: what arrives into the store, each chunk acknowledged (and its buffer given back). */
export async function storeChunks(port: MessagePort, store: BlobStore, tmpDir: string): Promise<StoredBlob> {
  const queue: SpoolMessage[] = [];
  let wake: (() => void) | undefined;
  port.on('message', (m: SpoolMessage) => {
    queue.push(m);
    wake?.();
    wake = undefined;
  });
  /** The next chunk's bytes, null at the end; throws when the pack failed. */
  const next = async () => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const m = queue.shift()!;
    if (m !== null && !('buffer' in m)) throw new Error(m.abort);
    return m;
  };
  const ack = (m: { buffer: ArrayBuffer; back: boolean }) =>
    m.back ? port.postMessage({ buffer: m.buffer } satisfies Ack, [m.buffer]) : port.postMessage({} satisfies Ack);
  if (store.putFile) return writeFile(store.putFile, tmpDir, next, ack);
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let m = await next(); m !== null; m = await next()) {
      // Taken by the store's stream, which may still hold it: its buffer does not go back.
      yield Buffer.from(m.buffer, m.offset, m.length);
      ack({ ...m, back: false });
    }
  }
  // Thrown inside the store's pipeline, an abort removes its temporary file as for any broken input.
  return store.put(Readable.from(chunks(), { highWaterMark: 2 }));
}

/** Writes, hashes and acknowledges each chunk in turn into a temporary file, then moves it into the store. */
async function writeFile(
  putFile: NonNullable<BlobStore['putFile']>,
  tmpDir: string,
  next: () => Promise<{ buffer: ArrayBuffer; offset: number; length: number; back: boolean } | null>,
  ack: (m: { buffer: ArrayBuffer; back: boolean }) => void,
): Promise<StoredBlob> {
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `pack-${randomUUID()}`);
  const out = await fs.open(tmp, 'wx');
  try {
    const hash = createHash('sha256');
    let size = 0;
    let head: Buffer | null = null;
    for (let m = await next(); m !== null; m = await next()) {
      const bytes = Buffer.from(m.buffer, m.offset, m.length);
      head ??= Buffer.from(bytes.subarray(0, 4100));
      hash.update(bytes);
      for (let at = 0; at < bytes.length;) at += (await out.write(bytes, at, bytes.length - at)).bytesWritten;
      size += bytes.length;
      ack(m);
    }
    await out.close();
    const blob = { sha256: hash.digest('hex'), size, head: head ?? Buffer.alloc(0) };
    await putFile(tmp, blob);
    return blob;
  } finally {
    await out.close();
    await fs.rm(tmp, { force: true });
  }
}
