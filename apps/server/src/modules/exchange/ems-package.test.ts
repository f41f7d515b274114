import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../../storage/blob-store.ts';
import { makeZip, sha256 } from '../../test/ems-import-fixture.ts';
import { openZip } from './ems-package.ts';

/* A zip's stored entries as an EMS export writes them: hashed by the digest threads (ems-digest-pool.ts) and copied
 * into a local store without a stream (BlobStore.putFrom); a deflated entry through its stream, as before. */

describe('a package entry', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-ems-package-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('is hashed and copied into the store as it is, stored or deflated, small or past one read', async () => {
    const files: Array<[string, Buffer, boolean]> = [
      ['a/small.pdf', Buffer.from('%PDF-1.4 small'), true],
      // Past the threads' and the copy's 1 MB buffer.
      ['b/large.pdf', randomBytes(2.5 * 1024 * 1024), true],
      ['c/deflated.txt', Buffer.from('x'.repeat(5000)), false],
    ];
    const file = path.join(dir, 'package.zip');
    await fs.writeFile(file, makeZip(files.map(([name, data, stored]) => ({ name, data, stored }))));
    const blobs = createFsBlobStore(path.join(dir, 'blobs'), path.join(dir, 'tmp'));
    const pkg = await openZip(file);
    try {
      const digests = await Promise.all(files.map(([name]) => pkg.entries.get(name)!.digest()));
      expect(digests).toEqual(files.map(([, data]) => ({ sha256: sha256(data), size: data.length })));
      for (const [name, data] of files) {
        const blob = await pkg.entries.get(name)!.store(blobs);
        expect(blob).toMatchObject({ sha256: sha256(data), size: data.length });
        expect(blob.head.equals(data.subarray(0, 4100))).toBe(true);
        expect((await fs.readFile(blobs.localPath!(blob.sha256))).equals(data)).toBe(true);
      }
      expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
    } finally {
      await pkg.close();
    }
  });

  it('reads a zip64 directory (its end records and the extra field of an entry past 4 GB)', async () => {
    const name = Buffer.from('01/01.01/a.pdf');
    const data = Buffer.from('%PDF-1.4 zip64');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46 + name.length + 28);
    central.writeUInt32LE(0x02014b50, 0);
    for (const at of [20, 24, 42]) central.writeUInt32LE(0xffffffff, at);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(28, 30);
    name.copy(central, 46);
    const extra = 46 + name.length;
    central.writeUInt16LE(0x0001, extra);
    central.writeUInt16LE(24, extra + 2);
    central.writeBigUInt64LE(BigInt(data.length), extra + 4);
    central.writeBigUInt64LE(BigInt(data.length), extra + 12);
    central.writeBigUInt64LE(0n, extra + 20);
    const cdOffset = local.length + name.length + data.length;
    const end64 = Buffer.alloc(56 + 20 + 22);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(1n, 24);
    end64.writeBigUInt64LE(1n, 32);
    end64.writeBigUInt64LE(BigInt(central.length), 40);
    end64.writeBigUInt64LE(BigInt(cdOffset), 48);
    end64.writeUInt32LE(0x07064b50, 56);
    end64.writeBigUInt64LE(BigInt(cdOffset + central.length), 64);
    end64.writeUInt32LE(0x06054b50, 76);
    end64.writeUInt16LE(0xffff, 84);
    end64.writeUInt16LE(0xffff, 86);
    end64.writeUInt32LE(0xffffffff, 88);
    end64.writeUInt32LE(0xffffffff, 92);
    const file = path.join(dir, 'zip64.zip');
    await fs.writeFile(file, Buffer.concat([local, name, data, central, end64]));
    const pkg = await openZip(file);
    try {
      expect([...pkg.entries.keys()]).toEqual(['01/01.01/a.pdf']);
      expect(await pkg.entries.get('01/01.01/a.pdf')!.digest()).toEqual({ sha256: sha256(data), size: data.length });
    } finally {
      await pkg.close();
    }
  });

  it('refuses the package when a stored entry has no local header where the directory says', async () => {
    const zip = makeZip([{ name: 'a.pdf', data: '%PDF-1.4', stored: true }]);
    zip.writeUInt32LE(0x12345678, 0);
    const file = path.join(dir, 'broken.zip');
    await fs.writeFile(file, zip);
    const pkg = await openZip(file);
    try {
      await expect(pkg.entries.get('a.pdf')!.digest()).rejects.toMatchObject({ code: 'exchange_package_unreadable' });
    } finally {
      await pkg.close();
    }
  });
});
