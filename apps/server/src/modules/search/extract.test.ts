import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '@edoc/test-support/files';
import { convertToPdf, sofficeAvailable } from '../../convert/soffice.ts';
import { extractText, ToolMissing, type ExtractTools } from './extract.ts';

const tools: ExtractTools = {
  pdftotext: 'pdftotext',
  pdftoppm: 'pdftoppm',
  tesseract: process.env.TESSERACT_PATH ?? 'tesseract',
  timeoutMs: 60_000,
  maxPages: 2000,
  maxChars: 5_000_000,
  ocrPages: 30,
};

// DESIGN §9: without the programs the extraction tests skip loudly, and fail in CI.
const has = (cmd: string, arg: string) => spawnSync(cmd, [arg]).status === 0;
const missing = [
  has('pdftotext', '-v') ? null : 'poppler-utils (pdftotext)',
  sofficeAvailable(process.env.SOFFICE_PATH ?? 'soffice') ? null : 'LibreOffice (soffice)',
  has(tools.tesseract, '--version') ? null : 'tesseract-ocr with tesseract-ocr-chi-sim',
].filter(Boolean);
if (missing.length) {
  const reason = `text extraction tests need ${missing.join(', ')}`;
  if (process.env.CI === 'true') throw new Error(`${reason}, and CI=true`);
  console.warn(`\n*** SKIPPING: ${reason} ***\n`);
}

let dir: string;
const write = async (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
};
/** A Chinese and English Word file as LibreOffice renders it: what an Office upload is read through. */
const rendered = async (name: string, paragraphs: string[]) => {
  const docx = await write(name, (await makeDocx(name, paragraphs)).buffer);
  const work = await fs.mkdtemp(path.join(dir, 'convert-'));
  return convertToPdf({
    sofficePath: process.env.SOFFICE_PATH ?? 'soffice',
    source: docx,
    workDir: work,
    timeoutMs: 120_000,
  });
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-extract-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(missing.length > 0)('reading the text of a file', () => {
  it('reads a PDF page by page', async () => {
    const pdf = await write('r.pdf', makePdf('r.pdf', ['Monitoring visit report', 'Pharmacokinetics results']).buffer);
    const text = await extractText({ file: pdf, extension: 'pdf', workDir: dir, tools });
    expect(text).toEqual({ pages: ['Monitoring visit report', 'Pharmacokinetics results'], ocr: false });
  });

  it('reads a Word file through its PDF rendition, Chinese and English', async () => {
    const pdf = await rendered('方案.docx', ['临床试验方案 研究者手册', 'Journey study protocol']);
    const text = await extractText({ file: '', extension: 'docx', pdf, workDir: dir, tools });
    expect(text?.pages.join('\n')).toMatch(/临床试验方案\s*研究者手册[\s\S]*Journey study protocol/);
  });

  it('reads plain text as UTF-8, or as GB18030 when it is not UTF-8', async () => {
    const utf8 = await write('a.txt', '\uFEFF受试者 screening log\n');
    expect((await extractText({ file: utf8, extension: 'txt', workDir: dir, tools }))?.pages).toEqual([
      '受试者 screening log',
    ]);
    // "受试者" in GB18030, as Chinese Windows saves a .csv.
    const gb = await write('b.csv', Buffer.from('cadccad4d5df2c6f6b0a', 'hex'));
    expect((await extractText({ file: gb, extension: 'csv', workDir: dir, tools }))?.pages).toEqual(['受试者,ok']);
  });

  it('reads a scanned page and an image by OCR, Chinese and English', async () => {
    const pdf = await rendered('scan.docx', ['知情同意书', 'Informed consent form']);
    // The rendition drawn as pixels: a scanned page has no text layer.
    spawnSync('pdftoppm', ['-r', '150', '-png', '-singlefile', pdf, path.join(dir, 'scan')]);
    const image = await extractText({ file: path.join(dir, 'scan.png'), extension: 'png', workDir: dir, tools });
    expect(image?.ocr).toBe(true);
    expect(image?.pages[0]).toMatch(/知情同意/);
    expect(image?.pages[0]).toMatch(/Informed consent/i);
    // The same pixels as a PDF without text: read by OCR too.
    const scanned = path.join(dir, 'scanned.pdf');
    spawnSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'scan.png')]);
    await fs.rename(path.join(dir, 'scan.pdf'), scanned);
    const fromPdf = await extractText({
      file: scanned,
      extension: 'pdf',
      workDir: await fs.mkdtemp(path.join(dir, 'o-')),
      tools,
    });
    expect(fromPdf?.ocr).toBe(true);
    expect(fromPdf?.pages[0]).toMatch(/Informed consent/i);
  }, 180_000);

  it('stops a hostile file at its limits: text past the limit, a run too long, a file it cannot read', async () => {
    const long = await write('long.txt', 'word '.repeat(10_000));
    const capped = await extractText({
      file: long,
      extension: 'txt',
      workDir: dir,
      tools: { ...tools, maxChars: 1000 },
    });
    expect(capped?.pages[0].length).toBe(1000);
    const pdf = await write('slow.pdf', makePdf('slow.pdf', ['x']).buffer);
    await expect(
      extractText({ file: pdf, extension: 'pdf', workDir: dir, tools: { ...tools, timeoutMs: 1 } }),
    ).rejects.toThrow(/took longer than|could not read/);
    const broken = await write('broken.pdf', '%PDF-1.4 not really');
    await expect(extractText({ file: broken, extension: 'pdf', workDir: dir, tools })).rejects.toThrow(
      /could not read/,
    );
    await expect(
      extractText({ file: pdf, extension: 'pdf', workDir: dir, tools: { ...tools, pdftotext: 'no-such-pdftotext' } }),
    ).rejects.toBeInstanceOf(ToolMissing);
    expect(await extractText({ file: pdf, extension: 'zip', workDir: dir, tools })).toBeNull();
  });
});
