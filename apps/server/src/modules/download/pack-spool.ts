import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';

/*
 * A pack's zip goes from the pack thread to a second thread that stores it (pack-threads.ts). Storing hashes the whole
 * zip again (its sha256 names the blob) on top of the pack thread's check of every stored file's sha256 and the zip's
 * CRCs: two SHA-256 passes over every byte on one thread were most of what an EMS export took beyond `zip -0 -r`
 * (docs/exchange.md, Benchmark). On two threads the passes overlap, and on a busy machine the pack gets two shares of
 * the cores instead of one.
 */

/** Chunks in flight between the threads: 8 of 512 kB read chunks, what the store's write stream keeps waiting too. */
const AHEAD = 8;
/**
 * A chunk this large that is its whole ArrayBuffer moves to the other thread without a copy (a file read stream's are);
 * a smaller one, or a view into memory others share (zlib's output, a pooled Buffer), is copied.
 */
const TRANSFER_MIN = 128 * 1024;

/** The pack thread's end of the channel: the end (null), or that the pack failed and its zip is to be dropped. */
export type SpoolMessage = Uint8Array | null | { abort: string };

/**
 * Sends the zip's chunks through `port`, never more than AHEAD ahead of the storing thread. A chunk moved is empty
 * here afterwards: what yields it must not read it again (zip-writer.ts reads every length before it yields).
 */
export async function sendChunks(port: MessagePort, chunks: AsyncIterable<Buffer>): Promise<void> {
  let credits = AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', () => {
    credits++;
    wake?.();
    wake = undefined;
  });
  for await (const chunk of chunks) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    const whole =
      chunk.byteLength >= TRANSFER_MIN && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    if (whole) port.postMessage(chunk, [chunk.buffer as ArrayBuffer]);
    else port.postMessage(new Uint8Array(chunk));
  }
  port.postMessage(null satisfies SpoolMessage);
}

/** The storing thread's end: puts what arrives into the store, acknowledging each chunk as the store takes it. */
export function storeChunks(port: MessagePort, store: BlobStore): Promise<StoredBlob> {
  const queue: SpoolMessage[] = [];
  let wake: (() => void) | undefined;
  port.on('message', (m: SpoolMessage) => {
    queue.push(m);
    wake?.();
    wake = undefined;
  });
  async function* chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const m = queue.shift()!;
      if (m === null) return;
      // Thrown inside the store's pipeline, so it removes its temporary file as for any broken input.
      if (!(m instanceof Uint8Array)) throw new Error(m.abort);
      yield Buffer.from(m.buffer, m.byteOffset, m.byteLength);
      port.postMessage(1);
    }
  }
  return store.put(Readable.from(chunks(), { highWaterMark: 2 }));
}
