import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  sha256: string;
  size: number;
  /** The first bytes, kept while streaming so callers can check the content signature without a re-read. */
  head: Buffer;
}

const HEAD_BYTES = 4100;
/**
 * Reads in 512 KB chunks, not the default 64 KB: a pack or a download passes each chunk through hashing and the
 * zip's CRC, and fewer, larger chunks halve the time spent between them (issue 16, `npm run bench -- pack`).
 */
const READ_CHUNK = 512 * 1024;

/** Content-addressed file storage (DESIGN §1): a blob is named by its sha256 and never overwritten. */
export interface BlobStore {
  /** Streams the input to a temporary file while hashing, then moves it into place. */
  put(input: Readable, opts?: { maxBytes?: number }): Promise<StoredBlob>;
  /** The blob's bytes, or the inclusive byte range of them (HTTP Range). */
  get(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  /** When the blob was last written (a re-upload of the same content renews it), or null when absent. */
  modifiedAt(sha256: string): Promise<Date | null>;
  /** Every stored blob's name, for the orphan sweep. */
  list(): AsyncIterable<string>;
  /** Is the store reachable and writable? For /health. */
  check(): Promise<boolean>;
  /**
   * The blob's file on this machine, for a store that keeps blobs on a local disk: read in place (never written) by
   * what needs random access, e.g. a zip's central directory, instead of copying it to a temporary file first.
   */
  localPath?(sha256: string): string;
  /**
   * Copies `size` bytes at `position` of a file open on this machine into the store without a stream (putFrom below),
   * for a store on a local disk; others take put() with a stream of them.
   */
  putFrom?(source: fs.FileHandle, position: number, size: number): Promise<StoredBlob>;
  /**
   * Moves a finished file under the store's temporary folder into the store as the blob `sha256`, which the caller
   * computed while writing it (a pack's zip, download/pack-spool.ts), for a store on a local disk; others take put().
   */
  putFile?(file: string, blob: StoredBlob): Promise<void>;
}

export class BlobTooLargeError extends Error {}

/**
 * Streams the input to a temporary file while hashing it and keeping its first bytes (constant memory), hands
 * the finished file to `keep` (which moves or uploads it), and removes whatever temporary file is left, whether
 * the input ended, broke off or grew past maxBytes. Shared by every driver.
 */
export async function spoolToTemp(
  input: Readable,
  tmpDir: string,
  maxBytes: number | undefined,
  keep: (tmp: string, blob: StoredBlob) => Promise<void>,
): Promise<StoredBlob> {
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  input.on('data', (chunk: Buffer) => {
    if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
    size += chunk.length;
    hash.update(chunk);
    if (maxBytes !== undefined && size > maxBytes) input.destroy(new BlobTooLargeError());
  });
  // Up to 4 MB may wait for the disk: the input's hashing goes on while earlier chunks are written, instead of
  // stopping at every 16 KB (the default) until the write is done.
  const out = createWriteStream(tmp, { highWaterMark: 4 * 1024 * 1024 });
  try {
    await pipeline(input, out);
    const blob = { sha256: hash.digest('hex'), size, head };
    await keep(tmp, blob);
    return blob;
  } finally {
    // A refused or broken input ends the pipeline before the file may even be open; removing it then, the late
    // open would leave an empty temp file behind (seen under load). Wait for the stream to let go of it first.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fs.rm(tmp, { force: true });
  }
}

/*
 * An import copies thousands of files out of its package one after another (docs/exchange.md, Benchmark): a read
 * stream, a pipeline and a write stream each were a quarter of what its filing left for V8's full collections, so
 * putFrom reads, hashes and writes through one buffer from this small pool, and allocates almost nothing per file.
 */
const COPY_CHUNK = 1024 * 1024;
/** Buffers kept for the next copy: the import copies four files at once. */
const SPARE_MAX = 4;
const spare: Buffer[] = [];

/** Writes all of `chunk` at the end of `out` (a write may take less than it was given). */
async function writeAll(out: fs.FileHandle, chunk: Buffer) {
  for (let at = 0; at < chunk.length;) at += (await out.write(chunk, at, chunk.length - at)).bytesWritten;
}

/** putFrom's copy into a temporary file, hashed on the way; `keep` moves it into place. Removes what is left. */
async function copyToTemp(
  source: fs.FileHandle,
  position: number,
  size: number,
  tmpDir: string,
  keep: (tmp: string, blob: StoredBlob) => Promise<void>,
): Promise<StoredBlob> {
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `upload-${randomUUID()}`);
  const out = await fs.open(tmp, 'wx');
  const buf = spare.pop() ?? Buffer.allocUnsafeSlow(COPY_CHUNK);
  try {
    const hash = createHash('sha256');
    let head: Buffer | null = null;
    for (let done = 0; done < size;) {
      const { bytesRead } = await source.read(buf, 0, Math.min(COPY_CHUNK, size - done), position + done);
      if (bytesRead === 0) throw new Error('the file ended before its size');
      const chunk = buf.subarray(0, bytesRead);
      head ??= Buffer.from(chunk.subarray(0, HEAD_BYTES));
      hash.update(chunk);
      await writeAll(out, chunk);
      done += bytesRead;
    }
    await out.close();
    const blob = { sha256: hash.digest('hex'), size, head: head ?? Buffer.alloc(0) };
    await keep(tmp, blob);
    return blob;
  } finally {
    if (spare.length < SPARE_MAX) spare.push(buf);
    await out.close();
    await fs.rm(tmp, { force: true });
  }
}

export function createFsBlobStore(root: string, tmpDir: string): BlobStore {
  const file = (sha: string) => path.join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  const moveIn = async (tmp: string, blob: StoredBlob) => {
    const target = file(blob.sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(tmp, target);
  };
  return {
    put: (input, opts = {}) => spoolToTemp(input, tmpDir, opts.maxBytes, moveIn),
    putFrom: (source, position, size) => copyToTemp(source, position, size, tmpDir, moveIn),
    putFile: moveIn,
    async get(sha256, range) {
      await fs.access(file(sha256));
      return createReadStream(file(sha256), { ...range, highWaterMark: READ_CHUNK });
    },
    has: (sha256) =>
      fs.access(file(sha256)).then(
        () => true,
        () => false,
      ),
    remove: (sha256) => fs.rm(file(sha256), { force: true }),
    localPath: file,
    modifiedAt: (sha256) =>
      fs.stat(file(sha256)).then(
        (st) => st.mtime,
        () => null,
      ),
    async *list() {
      for (const a of await fs.readdir(root).catch(() => [] as string[])) {
        for (const b of await fs.readdir(path.join(root, a)).catch(() => [] as string[])) {
          for (const name of await fs.readdir(path.join(root, a, b)).catch(() => [] as string[])) {
            if (/^[0-9a-f]{64}$/.test(name)) yield name;
          }
        }
      }
    },
    async check() {
      try {
        await fs.mkdir(tmpDir, { recursive: true });
        const probe = path.join(tmpDir, `health-${randomUUID()}`);
        await fs.writeFile(probe, 'ok');
        await fs.rm(probe);
        await fs.mkdir(root, { recursive: true });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Temp files of uploads cut off by a crash are removed at start-up. */
export async function sweepTmp(tmpDir: string): Promise<number> {
  const entries = await fs.readdir(tmpDir).catch(() => [] as string[]);
  await Promise.all(entries.map((e) => fs.rm(path.join(tmpDir, e), { force: true, recursive: true })));
  return entries.length;
}
