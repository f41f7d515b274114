import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makeXlsx } from '@edoc/test-support/files';
import { sofficeAvailable } from './soffice.ts';
import { BRIDGE, createOfficeConverter, officeStats, type OfficeConverter } from './warm-office.ts';

const SOFFICE = process.env.SOFFICE_PATH ?? 'soffice';
const PYTHON = process.env.OFFICE_PYTHON ?? '/usr/bin/python3';
// DESIGN §9: without LibreOffice, its Python UNO and pdftotext these tests skip loudly, and fail in CI.
const tools =
  sofficeAvailable(SOFFICE) &&
  spawnSync(PYTHON, ['-c', 'import uno']).status === 0 &&
  spawnSync('pdftotext', ['-v']).status === 0;
if (!tools) {
  const reason = 'warm LibreOffice tests need soffice, python3-uno and pdftotext';
  if (process.env.CI === 'true') throw new Error(`${reason}, and CI=true`);
  console.warn(`\n*** SKIPPING: ${reason} ***\n`);
}

let dir: string;
let office: OfficeConverter;
const logged: string[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-warm-'));
  office = createOfficeConverter({ sofficePath: SOFFICE, python: PYTHON, tmpDir: dir, log: (m) => logged.push(m) });
});
afterAll(async () => {
  office.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function source(name: string, content: Buffer) {
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
}
/** A Word file of these lines, written to `name`. */
const docxSource = async (name: string, lines: string[]) => source(name, (await makeDocx(name, lines)).buffer);
const textOf = (pdf: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-']).toString();
const convert = async (file: string, timeoutMs = 60_000) =>
  office.toPdf(file, await fs.mkdtemp(path.join(dir, 'work-')), timeoutMs);
/**
 * soffice.bin of this suite's offices: their profiles are in this suite's folder (the worker process may hold other
 * files' offices too, test files sharing it).
 */
const officePids = () =>
  spawnSync('pgrep', ['-f', `soffice.bin.*${path.basename(dir)}/office-profile-`])
    .stdout.toString()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);

describe.skipIf(!tools)('conversions through a running LibreOffice (issue 16)', () => {
  it('converts Word and Excel files with one LibreOffice, started once', async () => {
    const starts = officeStats.starts;
    const first = await convert(await docxSource('方案.docx', ['临床试验方案', 'Protocol v2']));
    expect(textOf(first)).toContain('临床试验方案');
    const pids = officePids();
    expect(pids).toHaveLength(1);
    const sheet = await convert(
      await source(
        'visits.xlsx',
        (
          await makeXlsx('visits.xlsx', '受试者', [
            ['Visit', '访视'],
            ['V1', '2026-01-05'],
          ])
        ).buffer,
      ),
    );
    expect(textOf(sheet)).toContain('访视');
    expect(officeStats.starts).toBe(starts + 1);
    expect(officePids()).toEqual(pids);
  });

  it('refuses a file LibreOffice cannot read, and keeps the office', async () => {
    const pids = officePids();
    const broken = await source('broken.docx', Buffer.from('PK\u0003\u0004 not really a zip'));
    await expect(convert(broken)).rejects.toThrow(/LibreOffice could not convert the file|produced no PDF/);
    expect(officePids()).toEqual(pids);
  });

  it('replaces a killed LibreOffice and converts the file on the new one', async () => {
    const starts = officeStats.starts;
    const [pid] = officePids();
    process.kill(pid, 'SIGKILL');
    const pdf = await convert(await docxSource('after-kill.docx', ['after the crash']));
    expect(textOf(pdf)).toContain('after the crash');
    expect(officeStats.starts).toBeGreaterThan(starts);
    expect(officePids()).not.toContain(pid);
  });

  it('replaces a hung LibreOffice after the time limit and retries the file once', async () => {
    const file = await docxSource('after-hang.docx', ['after the hang']);
    await convert(file); // the office is up and warm before it is frozen
    const [pid] = officePids();
    const starts = officeStats.starts;
    process.kill(pid, 'SIGSTOP');
    const pdf = await convert(file, 8_000);
    expect(textOf(pdf)).toContain('after the hang');
    expect(officeStats.starts).toBe(starts + 1);
    expect(logged.some((m) => m.includes('timed out'))).toBe(true);
    // The frozen one was killed with its group, not left behind.
    await new Promise((r) => setTimeout(r, 200));
    expect(officePids()).not.toContain(pid);
  });

  it('goes with a server killed by SIGKILL mid-conversion: no LibreOffice is left running (issue 25)', async () => {
    // A parent that starts the bridge as warm-office.ts does (its own process group), asks for a conversion and dies
    // without a word while LibreOffice works on it.
    const pipe = `edoc-${process.pid}-orphan-${Date.now()}`;
    const profile = pathToFileURL(await fs.mkdtemp(path.join(dir, 'orphan-profile-'))).href;
    const request = JSON.stringify({
      source: await docxSource('orphan.docx', ['converted after the server died']),
      target: path.join(dir, 'orphan.pdf'),
    });
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const [request, ...bridge] = process.argv.slice(1);
         const c = require('node:child_process').spawn(bridge[0], bridge.slice(1), { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
         c.stdout.on('data', (d) => { if (String(d).includes('"ready"')) { c.stdin.write(request + '\\n'); console.log('sent'); } });`,
        request,
        PYTHON,
        BRIDGE,
        SOFFICE,
        profile,
        pipe,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const left = () => spawnSync('pgrep', ['-f', pipe]).stdout.toString().trim().split('\n').filter(Boolean);
    await new Promise<void>((resolve, reject) => {
      parent.stdout!.on('data', (d: Buffer) => d.toString().includes('sent') && resolve());
      parent.once('exit', () => reject(new Error('the parent ended before it asked for the conversion')));
    });
    expect(left().length).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    // Long enough for the conversion to end and its answer to find no reader.
    const deadline = Date.now() + 8_000;
    while (left().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(left()).toEqual([]);
  });

  it('falls back to a LibreOffice per file when the Python has no UNO', async () => {
    const cold = createOfficeConverter({
      sofficePath: SOFFICE,
      python: 'python-without-uno',
      tmpDir: dir,
      log: () => {},
    });
    try {
      const work = await fs.mkdtemp(path.join(dir, 'work-'));
      const pdf = await cold.toPdf(await docxSource('cold.docx', ['cold path']), work, 60_000);
      expect(textOf(pdf)).toContain('cold path');
    } finally {
      cold.close();
    }
  });
});
