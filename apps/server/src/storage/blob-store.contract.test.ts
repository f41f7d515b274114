import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser } from '../test/factories.ts';
import { BlobTooLargeError, createFsBlobStore, type BlobStore } from './blob-store.ts';
import { removeIfUnreferenced, sweepOrphanBlobs } from './blob-sweep.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

const MiB = 1024 * 1024;
const BUCKET = 'edoc-test';
// s3rver's fixed credentials.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let root: string;
let s3rver: S3rver;
let endpoint: string;
let ctx: TestContext;
/** What s3rver saw written, per key: ObjectCreated:Put (PutObject), :Post (multipart), :Copy. */
const writes = new Map<string, string[]>();

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-blob-contract-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  s3rver.on('event', (e) => {
    for (const r of e.Records) writes.set(r.s3.object.key, [...(writes.get(r.s3.object.key) ?? []), r.eventName]);
  });
  const { port } = (await s3rver.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await s3rver?.close();
  await fs.rm(root, { recursive: true, force: true });
});

interface Instance {
  store: BlobStore;
  tmpDir: string;
  /** How the server received each write of the blob, where we can see it. */
  writes?(sha: string): string[];
}

interface Driver {
  name: string;
  /** A fresh, empty store. */
  make(): Promise<Instance>;
  /** A store that cannot work. */
  broken(): Promise<BlobStore>;
}

const drivers: Driver[] = [
  {
    name: 'filesystem',
    async make() {
      const dir = path.join(root, `fs-${randomUUID()}`);
      const tmpDir = path.join(dir, 'tmp');
      return { store: createFsBlobStore(path.join(dir, 'blobs'), tmpDir), tmpDir };
    },
    async broken() {
      const file = path.join(root, `plain-file-${randomUUID()}`);
      await fs.writeFile(file, 'x');
      return createFsBlobStore(path.join(file, 'blobs'), path.join(root, `tmp-${randomUUID()}`));
    },
  },
  {
    name: 's3 (s3rver)',
    async make() {
      const prefix = `p-${randomUUID()}/`;
      const tmpDir = path.join(root, `s3tmp-${randomUUID()}`);
      const opts = { bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, ...KEYS };
      return {
        store: createS3BlobStore({ ...opts, prefix, tmpDir }),
        tmpDir,
        writes: (sha) => writes.get(`${prefix}blobs/${sha.slice(0, 2)}/${sha}`) ?? [],
      };
    },
    async broken() {
      return createS3BlobStore({
        bucket: 'no-such-bucket',
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        ...KEYS,
        tmpDir: path.join(root, `s3tmp-${randomUUID()}`),
      });
    },
  },
];

/** Random bytes, so a misplaced range or a mixed-up blob would show. */
const bytes = (n: number) => randomBytes(n);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Input in chunks, as an HTTP upload arrives. */
const chunked = (b: Buffer, size = 1000) =>
  Readable.from(Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size)));

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}
async function names(store: BlobStore): Promise<string[]> {
  const out: string[] = [];
  for await (const name of store.list()) out.push(name);
  return out.sort();
}
const tmpFiles = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(drivers)('BlobStore contract: $name', (driver) => {
  let it_: Instance;
  let store: BlobStore;
  beforeAll(async () => {
    it_ = await driver.make();
    store = it_.store;
  });

  it('stores a stream under its sha256 and gives the same bytes back, with size and head bytes', async () => {
    const body = bytes(10_000);
    const stored = await store.put(chunked(body));
    expect(stored.sha256).toBe(sha(body));
    expect(stored.size).toBe(10_000);
    expect(stored.head.equals(body.subarray(0, 4100))).toBe(true);
    expect((await readAll(await store.get(stored.sha256))).equals(body)).toBe(true);
    expect(await store.has(stored.sha256)).toBe(true);
    expect(await tmpFiles(it_.tmpDir)).toEqual([]);
  });

  it('stores an empty file', async () => {
    const stored = await store.put(Readable.from([]));
    expect(stored).toMatchObject({ sha256: sha(Buffer.alloc(0)), size: 0 });
    expect((await readAll(await store.get(stored.sha256))).length).toBe(0);
  });

  it('gives an inclusive byte range', async () => {
    const body = bytes(5000);
    const { sha256 } = await store.put(chunked(body));
    expect((await readAll(await store.get(sha256, { start: 2, end: 5 }))).equals(body.subarray(2, 6))).toBe(true);
    expect((await readAll(await store.get(sha256, { start: 4000, end: 4999 }))).equals(body.subarray(4000))).toBe(true);
  });

  it('refuses more than maxBytes with BlobTooLargeError and keeps nothing', async () => {
    const body = bytes(3000);
    const before = await names(store);
    await expect(store.put(chunked(body), { maxBytes: 2999 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.has(sha(body))).toBe(false);
    expect(await names(store)).toEqual(before);
    expect(await tmpFiles(it_.tmpDir)).toEqual([]);
    // Exactly the limit is allowed.
    expect((await store.put(chunked(body), { maxBytes: 3000 })).size).toBe(3000);
  });

  it('keeps no object and no temp file when the input breaks off half way', async () => {
    const before = await names(store);
    async function* upload() {
      yield bytes(MiB);
      yield bytes(MiB);
      throw new Error('connection reset');
    }
    await expect(store.put(Readable.from(upload()))).rejects.toThrow('connection reset');
    expect(await names(store)).toEqual(before);
    expect(await tmpFiles(it_.tmpDir)).toEqual([]);
  });

  it('answers has/get for a missing blob, and removes', async () => {
    const missing = sha(bytes(10));
    expect(await store.has(missing)).toBe(false);
    expect(await store.modifiedAt(missing)).toBeNull();
    await expect(store.get(missing)).rejects.toThrow();
    const { sha256 } = await store.put(chunked(bytes(100)));
    await store.remove(sha256);
    expect(await store.has(sha256)).toBe(false);
    await store.remove(sha256); // removing twice is harmless (two sweepers)
  });

  it('renews modifiedAt when the same content is put again', async () => {
    const body = bytes(2000);
    const { sha256 } = await store.put(chunked(body));
    const first = await store.modifiedAt(sha256);
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - first!.getTime())).toBeLessThan(5000);
    await sleep(50);
    expect((await store.put(chunked(body))).sha256).toBe(sha256);
    const second = await store.modifiedAt(sha256);
    expect(second!.getTime()).toBeGreaterThan(first!.getTime());
    expect((await readAll(await store.get(sha256))).equals(body)).toBe(true);
    // The bytes are not sent again: the object is copied onto itself with a new written-at time.
    if (it_.writes) expect(it_.writes(sha256)).toEqual(['ObjectCreated:Put', 'ObjectCreated:Copy']);
  });

  it('lists exactly the stored blobs', async () => {
    const fresh = (await driver.make()).store;
    expect(await names(fresh)).toEqual([]);
    const shas = await Promise.all([1, 2, 3].map(() => fresh.put(chunked(bytes(500))).then((b) => b.sha256)));
    await fresh.put(chunked(Buffer.from('x'.repeat(10))));
    await fresh.put(chunked(Buffer.from('x'.repeat(10)))); // the same content twice is one blob
    expect(await names(fresh)).toEqual([...shas, sha(Buffer.from('x'.repeat(10)))].sort());
  });

  it('reports whether it works', async () => {
    expect(await store.check()).toBe(true);
    expect(await (await driver.broken()).check()).toBe(false);
  });

  it('streams a 70 MiB upload (multipart on S3) in constant memory', { timeout: 120_000 }, async () => {
    const hash = createHash('sha256');
    async function* upload() {
      for (let i = 0; i < 70; i++) {
        const chunk = bytes(MiB);
        hash.update(chunk);
        yield chunk;
      }
    }
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const probe = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const stored = await store.put(Readable.from(upload())).finally(() => clearInterval(probe));
    expect(stored.size).toBe(70 * MiB);
    expect(stored.sha256).toBe(hash.digest('hex'));
    // Loose: the whole file held in memory would add 70 MiB at least, more with copies.
    expect(peak - rss0).toBeLessThan(100 * MiB);
    const back = createHash('sha256');
    let size = 0;
    for await (const chunk of await store.get(stored.sha256)) {
      back.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect({ size, sha256: back.digest('hex') }).toEqual({ size: 70 * MiB, sha256: stored.sha256 });
    if (it_.writes) expect(it_.writes(stored.sha256)).toEqual(['ObjectCreated:Post']); // multipart
    expect(await tmpFiles(it_.tmpDir)).toEqual([]);
    await store.remove(stored.sha256);
  });

  describe('orphan sweep', () => {
    it('removes blobs no row references, and keeps referenced ones', async () => {
      const { store: blobs } = await driver.make();
      const orphan = await blobs.put(chunked(bytes(100)));
      const kept = await blobs.put(chunked(bytes(100)));
      const user = await createUser(ctx.db);
      await ctx.db.update(users).set({ avatarSha256: kept.sha256 }).where(eq(users.id, user.id));
      expect(await sweepOrphanBlobs(ctx.db, blobs, 0)).toBe(1);
      expect(await blobs.has(orphan.sha256)).toBe(false);
      expect(await blobs.has(kept.sha256)).toBe(true);
    });

    it('keeps an unreferenced blob within the grace period, also after a re-upload of the same content', async () => {
      const { store: blobs } = await driver.make();
      const body = bytes(100);
      const { sha256 } = await blobs.put(chunked(body));
      expect(await removeIfUnreferenced(ctx.db, blobs, [sha256], 60_000)).toBe(0);
      await sleep(400);
      // Older than the grace now; uploaded again, it is fresh again (its row may be committing).
      await blobs.put(chunked(body));
      expect(await removeIfUnreferenced(ctx.db, blobs, [sha256], 300)).toBe(0);
      expect(await blobs.has(sha256)).toBe(true);
      await sleep(400);
      expect(await removeIfUnreferenced(ctx.db, blobs, [sha256], 300)).toBe(1);
      expect(await blobs.has(sha256)).toBe(false);
    });
  });
});
