import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx } from '@edoc/test-support/files';
import { declaredUnpacked, refuseZipBomb } from './zip-guard.ts';

describe('zip bombs in Office files', () => {
  it('reads what a zip says it unpacks to, and refuses one that says too much before anything unpacks it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-zip-'));
    const docx = (await makeDocx('a.docx', ['hello'])).buffer;
    const honest = path.join(dir, 'honest.docx');
    await fs.writeFile(honest, docx);
    const declared = await declaredUnpacked(honest);
    expect(declared?.entries).toBe(3);
    expect(declared?.bytes).toBeGreaterThan(300);
    await expect(refuseZipBomb(honest, 'docx')).resolves.toBeUndefined();

    // The same file whose central directory claims 2 GB for its first part, as a bomb's would.
    const bomb = Buffer.from(docx);
    const cd = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, cd + 24);
    const bombFile = path.join(dir, 'bomb.docx');
    await fs.writeFile(bombFile, bomb);
    await expect(refuseZipBomb(bombFile, 'docx')).rejects.toThrow(/unpacks to more than the limit/);
    // Not a zip at all: LibreOffice decides (and fails on its own).
    const garbage = path.join(dir, 'x.docx');
    await fs.writeFile(garbage, 'not a zip');
    expect(await declaredUnpacked(garbage)).toBeNull();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
