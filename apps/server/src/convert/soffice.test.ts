import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, convertToPdf } from './soffice.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-soffice-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Running, as opposed to gone or a zombie (killed, waiting for a parent that may never reap it here). */
const running = (pid: number) => {
  const r = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)]);
  const stat = r.stdout.toString().trim();
  return stat !== '' && !stat.startsWith('Z');
};

/** A stand-in for soffice: a launcher script whose real work runs in a child, as LibreOffice's does. */
async function fakeOffice(body: string) {
  const file = path.join(dir, `fake-${Math.random().toString(36).slice(2)}.sh`);
  await fs.writeFile(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('the LibreOffice runner', () => {
  it('kills the whole process group when a conversion runs past its time', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const soffice = await fakeOffice(`sleep 60 &\necho $! > ${pidFile}\nwait`);
    const workDir = await fs.mkdtemp(path.join(dir, 'work-'));
    const started = Date.now();
    const err = await convertToPdf({
      sofficePath: soffice,
      source: path.join(dir, 'a.docx'),
      workDir,
      timeoutMs: 700,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as Error).message).toBe('conversion timed out after 1 s');
    expect(Date.now() - started).toBeLessThan(5000);
    const child = Number(await fs.readFile(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(running(child)).toBe(false);
  });

  it('ends a conversion in time even when the process that started it is killed (kill -9)', async () => {
    const pidFile = path.join(dir, 'orphan.pid');
    const soffice = await fakeOffice(`sleep 60 &\necho $! > ${pidFile}\nwait`);
    const workDir = await fs.mkdtemp(path.join(dir, 'work-'));
    // A parent that starts a conversion of 5 s and is killed at once, before its own timer can fire (5 s, not 1 or 3:
    // on a loaded machine the parent's own timer fired first, and the child was gone before the kill, seen in CI).
    const script = `import { convertToPdf } from ${JSON.stringify(new URL('./soffice.ts', import.meta.url).href)};
      void convertToPdf({ sofficePath: ${JSON.stringify(soffice)}, source: 'd.docx', workDir: ${JSON.stringify(workDir)}, timeoutMs: 5000 });`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 20_000;
    while (!(await fs.stat(pidFile).catch(() => null)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    parent.kill('SIGKILL');
    const child = Number(await fs.readFile(pidFile, 'utf8'));
    expect(running(child)).toBe(true);
    // The backstop: its time (5 s) plus 5 s, then its group is gone.
    for (let i = 0; i < 200 && running(child); i++) await new Promise((r) => setTimeout(r, 100));
    expect(running(child)).toBe(false);
  });

  it('fails with the reason when no PDF comes out, even on exit code 0', async () => {
    const soffice = await fakeOffice('echo "Error: source file could not be loaded"');
    const workDir = await fs.mkdtemp(path.join(dir, 'work-'));
    await expect(
      convertToPdf({ sofficePath: soffice, source: path.join(dir, 'b.docx'), workDir, timeoutMs: 5000 }),
    ).rejects.toThrow('LibreOffice produced no PDF: Error: source file could not be loaded');
  });

  it('names a missing program', async () => {
    const workDir = await fs.mkdtemp(path.join(dir, 'work-'));
    await expect(
      convertToPdf({ sofficePath: path.join(dir, 'nope'), source: 'c.docx', workDir, timeoutMs: 5000 }),
    ).rejects.toThrow(/cannot start LibreOffice/);
  });
});
