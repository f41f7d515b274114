import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../../storage/blob-store.ts';
import { ChunkPool, sendChunks, storeChunks } from './pack-spool.ts';
import { zipStream, type ZipInput } from './zip-writer.ts';

/* The zip sent from the pack thread to the storing one (here both ends in one thread) arrives whole: large chunks move
 * without a copy and are empty on the sending side afterwards, so nothing may read one once it is yielded; a lent
 * buffer comes back only once its bytes are written. */

describe('the pack channel', () => {
  it('stores a zip whose central directory, files and lent buffers move between threads, read whole by another reader', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-spool-'));
    try {
      const store = createFsBlobStore(path.join(dir, 'blobs'), path.join(dir, 'tmp'));
      const mtime = new Date('2026-11-30T00:00:00Z');
      // 2,000 entries: a central directory of some 190 kB; one stored file of 300 kB in a buffer of its own.
      const inputs: ZipInput[] = Array.from({ length: 2000 }, (_, i) => ({
        name: `01/01.01/01.01.01.Trial Master File Plan/object-${i}.txt`,
        mtime,
        compress: i % 2 === 0,
        content: async () => [Buffer.from(`object ${i}\n`)],
      }));
      const big = Buffer.allocUnsafeSlow(300_000).fill('x');
      inputs.push({ name: 'big.pdf', mtime, compress: false, content: async () => [big] });
      // 20 chunks of lent buffers, each filled again as soon as it comes back: the zip's CRC (checked below) says
      // whether one came back before its bytes were written.
      const pool = new ChunkPool();
      async function* lent() {
        for (let i = 0; i < 20; i++) yield pool.take().fill(i + 1);
      }
      inputs.push({ name: 'lent.bin', mtime, compress: false, content: async () => lent() });
      const { port1, port2 } = new MessageChannel();
      const [stored] = await Promise.all([
        storeChunks(port2, store, path.join(dir, 'tmp')),
        sendChunks(port1, zipStream(inputs), pool),
      ]);
      port1.close();
      // Moved: the sender's buffer is empty now.
      expect(big.length).toBe(0);
      const file = path.join(dir, 'out.zip');
      await fs.writeFile(file, await buffer(await store.get(stored.sha256)));
      const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({"bad": z.testzip(), "count": len(z.infolist()), "big": len(z.read("big.pdf")), "lent": len(z.read("lent.bin"))}))`;
      expect(JSON.parse(execFileSync('python3', ['-c', script, file]).toString())).toEqual({
        bad: null,
        count: 2002,
        big: 300_000,
        lent: 20 * 512 * 1024,
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
