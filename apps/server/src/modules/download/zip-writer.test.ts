import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipInput } from './zip-writer.ts';

/** What Python's zipfile (an independent reader) sees: each entry's name, size, method and CRC check. */
function pythonRead(file: string): { bad: string | null; entries: Array<[string, number, number, string]> } {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    out = [[i.filename, i.file_size, i.compress_type, z.read(i.filename)[:16].decode('utf-8', 'replace')] for i in z.infolist()[:3]]
    print(json.dumps({"bad": bad, "count": len(z.infolist()), "entries": out}))`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { maxBuffer: 1 << 26 }).toString());
}

async function write(inputs: ZipInput[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-zip-'));
  const file = path.join(dir, 'out.zip');
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(inputs)) chunks.push(chunk);
  await fs.writeFile(file, Buffer.concat(chunks));
  return file;
}

const mtime = new Date('2026-11-26T08:30:00Z');

describe('the pack zip writer', () => {
  it('writes stored and deflated entries with UTF-8 names that another reader checks', async () => {
    const big = Buffer.alloc(300_000, 'protocol text ');
    const file = await write([
      {
        name: '01 方案/研究方案 V1.0.pdf',
        mtime,
        compress: false,
        content: async () => [Buffer.from('%PDF-1.4 方案')],
      },
      {
        name: 'notes.txt',
        mtime,
        compress: true,
        content: async () =>
          (async function* () {
            yield big.subarray(0, 100_000);
            yield big.subarray(100_000);
          })(),
      },
      { name: 'empty.csv', mtime, compress: true, content: async () => [] },
    ]);
    const read = pythonRead(file);
    expect(read.bad).toBeNull();
    expect(read.entries).toEqual([
      ['01 方案/研究方案 V1.0.pdf', 15, 0, '%PDF-1.4 方案'],
      ['notes.txt', 300_000, 8, 'protocol text pr'],
      ['empty.csv', 0, 8, ''],
    ]);
    // Deflated, the repeated text is small; stored, the PDF is as it was.
    expect((await fs.stat(file)).size).toBeLessThan(10_000);
  });

  it('switches to zip64 end records past 65,535 entries', async () => {
    const count = 70_000;
    const inputs: ZipInput[] = Array.from({ length: count }, (_, i) => ({
      name: `f/${i}.txt`,
      mtime,
      compress: false,
      content: async () => [Buffer.from(String(i))],
    }));
    const read = pythonRead(await write(inputs)) as ReturnType<typeof pythonRead> & { count: number };
    expect(read.bad).toBeNull();
    expect(read.count).toBe(count);
    expect(read.entries[2]).toEqual(['f/2.txt', 1, 0, '2']);
  });

  it('ends the stream with the content error, so no complete zip is stored', async () => {
    const failing: ZipInput = {
      name: 'broken.pdf',
      mtime,
      compress: false,
      content: async () =>
        (async function* () {
          yield Buffer.from('partial');
          throw new Error('content changed');
        })(),
    };
    await expect(write([failing])).rejects.toThrow('content changed');
  });
});
