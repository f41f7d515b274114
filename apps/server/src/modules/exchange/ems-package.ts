import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { IMPORT_OBJECTS_MAX } from '@edoc/contract/exchange-import';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';
import { digestPool, type DigestPool } from './ems-digest-pool.ts';
import { isInsidePackage } from './ems-paths.ts';
import { readZipDirectory, TooManyEntries, type ZipRecord } from './ems-zip-directory.ts';

/*
 * An EMS package as the import reads it (docs/exchange.md, part 2): a zip read from its central directory, entry by
 * entry, or a folder under IMPORT_DIR. Every check that needs no content is made here, before anything is written:
 * paths that leave the package, too many entries, declared sizes over the limit or a compression ratio over 100:1.
 * An entry's bytes are counted as they are inflated, so a zip that lies about its sizes is stopped at the lie.
 */

/** The most a package may unpack to, all entries together (declared), and the ratio that marks a zip bomb. */
export const PACKAGE_UNPACKED_MAX = 64 * 1024 ** 3;
export const RATIO_MAX = 100;
/** Below this an entry's ratio says nothing (a small run of zeros compresses far past 100:1 harmlessly). */
const RATIO_FLOOR = 1024 * 1024;

/** Why a package is refused: a contract error code (errors-exchange.ts) and its params. */
export class PackageRefused extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** Anything else that broke a run over a package, as an import keeps it: the package failing there, and why. */
export const packageFailed = (err: unknown) => ({
  code: 'exchange_package_failed',
  params: { reason: (err instanceof Error ? err.message : String(err)).slice(0, 300) },
});

export interface PackageEntry {
  path: string;
  size: number;
  open(): Readable;
  /** Its sha256, read in place by a digest thread when it is stored (ems-digest-pool.ts), else through open(). */
  digest(): Promise<{ sha256: string; size: number }>;
  /** Copies it into the blob store: a stored entry straight from the zip when the store can (putFrom), else open(). */
  store(blobs: BlobStore): Promise<StoredBlob>;
}

export interface OpenedPackage {
  entries: Map<string, PackageEntry>;
  /** Ends the digest threads and lets go of the handle its entries' copies share (withPackage calls it when done). */
  close(): Promise<void>;
}

/** Counts an entry's bytes as they come and stops at its declared size: a lying header is a bomb, refused. */
function capped(input: Readable, declared: number, name: string): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > declared) done(new PackageRefused('exchange_package_ratio', { path: name }));
      else done(null, chunk);
    },
  });
  input.on('error', (err) => cap.destroy(err));
  return input.pipe(cap);
}

function checkPath(name: string) {
  if (!isInsidePackage(name)) throw new PackageRefused('exchange_package_path', { path: name.slice(0, 200) });
}

/** Bytes read at a time from a stored entry: large reads keep hashing and copying off the garbage collector. */
const STORED_CHUNK = 512 * 1024;

/** Where a stored entry's bytes start: past its local header, whose signature is checked. */
async function dataStart(fh: fs.FileHandle, offset: number, scratch: Buffer): Promise<number> {
  const { bytesRead } = await fh.read(scratch, 0, 30, offset);
  if (bytesRead < 30 || scratch.readUInt32LE(0) !== 0x04034b50) throw new PackageRefused('exchange_package_unreadable');
  return offset + 30 + scratch.readUInt16LE(26) + scratch.readUInt16LE(28);
}

/** The sha256 of a stream: a deflated entry inflated through its cap, a file of a folder. */
async function digestStream(input: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of input) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * A stored (uncompressed) entry's bytes straight from the file: its local header says where they start. An EMS
 * package is stored (exports are `zip -0`-like), and unzipper's own stream of it costs most of a preview in small
 * buffers and their collection.
 */
function storedStream(file: string, offset: number, size: number): Readable {
  return Readable.from(
    (async function* () {
      const fh = await fs.open(file, 'r');
      try {
        let at = await dataStart(fh, offset, Buffer.alloc(30));
        const end = at + size;
        while (at < end) {
          const chunk = Buffer.allocUnsafe(Math.min(STORED_CHUNK, end - at));
          const { bytesRead } = await fh.read(chunk, 0, chunk.length, at);
          if (bytesRead === 0) throw new PackageRefused('exchange_package_unreadable');
          at += bytesRead;
          yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
        }
      } finally {
        await fh.close();
      }
    })(),
    { objectMode: false },
  );
}

/** Any other entry's bytes (deflated, or stored with sizes that disagree), inflated as read; the cap counts them. */
function packedStream(file: string, r: ZipRecord): Readable {
  const out = new PassThrough();
  void (async () => {
    if ((r.method !== 0 && r.method !== 8) || r.flags & 1)
      throw new Error(`an entry of method ${r.method}${r.flags & 1 ? ', encrypted' : ''} is not read`);
    const fh = await fs.open(file, 'r');
    let start: number;
    try {
      start = await dataStart(fh, r.localHeader, Buffer.alloc(30));
    } finally {
      await fh.close();
    }
    const input = r.compressedSize
      ? createReadStream(file, { start, end: start + r.compressedSize - 1 })
      : Readable.from([]);
    await (r.method === 8 ? pipeline(input, createInflateRaw(), out) : pipeline(input, out));
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** A zip file on this machine, checked from its central directory before any entry is read. */
export async function openZip(file: string): Promise<OpenedPackage> {
  const max = IMPORT_OBJECTS_MAX * 2;
  const dir = await readZipDirectory(file, max).catch((err: unknown) => {
    throw err instanceof TooManyEntries
      ? new PackageRefused('exchange_package_too_many', { max: String(max) })
      : new PackageRefused('exchange_package_unreadable');
  });
  const entries = new Map<string, PackageEntry>();
  // Threads reading the zip, for every digest (started at the first: a filing never digests), and one handle for
  // every copy into the store (opening and closing the zip per file cost a tenth of a preview's main thread).
  let pool: DigestPool | null = null;
  const pooled = () => (pool ??= digestPool(file, () => new PackageRefused('exchange_package_unreadable')));
  let handle: Promise<fs.FileHandle> | null = null;
  const shared = () => (handle ??= fs.open(file, 'r'));
  let total = 0;
  for (const f of dir) {
    // A folder entry (empty, its name ending with a slash) is checked without its last '/'.
    const folder = f.uncompressedSize === 0 && /[/\\]$/.test(f.path);
    checkPath(folder ? f.path.replace(/\/$/, '') : f.path);
    if (folder) continue;
    total += f.uncompressedSize;
    if (total > PACKAGE_UNPACKED_MAX) throw new PackageRefused('exchange_package_too_large');
    if (f.uncompressedSize > RATIO_FLOOR && f.uncompressedSize > RATIO_MAX * Math.max(f.compressedSize, 1))
      throw new PackageRefused('exchange_package_ratio', { path: f.path.slice(0, 200) });
    // Stored entries whose sizes agree are read in place; a deflated (or lying) one inflates through the cap.
    const stored = f.method === 0 && (f.flags & 1) === 0 && f.compressedSize === f.uncompressedSize;
    const open = () =>
      stored
        ? storedStream(file, f.localHeader, f.uncompressedSize)
        : capped(packedStream(file, f), f.uncompressedSize, f.path);
    entries.set(f.path, {
      path: f.path,
      size: f.uncompressedSize,
      open,
      digest: () => (stored ? pooled().digest(f.localHeader, f.uncompressedSize) : digestStream(open())),
      async store(blobs) {
        if (!stored || !blobs.putFrom) return blobs.put(open());
        const fh = await shared();
        return blobs.putFrom(fh, await dataStart(fh, f.localHeader, Buffer.alloc(30)), f.uncompressedSize);
      },
    });
  }
  const close = async () => {
    const [ending, fh] = [pool, await handle?.catch(() => null)];
    [pool, handle] = [null, null];
    await Promise.all([ending?.close(), fh?.close()]);
  };
  return { entries, close };
}

/** A folder under IMPORT_DIR: regular files only (a link could lead anywhere), the same limits as a zip. */
export async function openFolder(root: string): Promise<OpenedPackage> {
  const entries = new Map<string, PackageEntry>();
  let total = 0;
  const walk = async (rel: string) => {
    for (const d of await fs.readdir(path.join(root, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${d.name}` : d.name;
      checkPath(name);
      if (d.isSymbolicLink()) throw new PackageRefused('exchange_package_path', { path: name.slice(0, 200) });
      if (d.isDirectory()) await walk(name);
      else if (d.isFile()) {
        if (entries.size >= IMPORT_OBJECTS_MAX * 2)
          throw new PackageRefused('exchange_package_too_many', { max: String(IMPORT_OBJECTS_MAX * 2) });
        const full = path.join(root, name);
        const { size } = await fs.stat(full);
        total += size;
        if (total > PACKAGE_UNPACKED_MAX) throw new PackageRefused('exchange_package_too_large');
        entries.set(name, {
          path: name,
          size,
          open: () => createReadStream(full),
          // A file of a folder may change under the preview: read to its end as it is, not to the size seen.
          digest: () => digestStream(createReadStream(full, { highWaterMark: 512 * 1024 })),
          store: (blobs) => blobs.put(createReadStream(full)),
        });
      }
    }
  };
  await walk('');
  return { entries, close: async () => undefined };
}

/**
 * A path the system administrator named, resolved under IMPORT_DIR: null when it leaves it (or IMPORT_DIR is unset).
 */
export function underImportDir(importDir: string | undefined, serverPath: string): string | null {
  if (!importDir) return null;
  const root = path.resolve(importDir);
  const full = path.resolve(root, serverPath);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}
