import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { IMAGE_TYPES, TEXT_TYPES } from '@edoc/contract/viewer';

const run = promisify(execFile);

/** What reading a file needs: its programs and the limits against hostile files (config.ts). */
export interface ExtractTools {
  pdftotext: string;
  pdftoppm: string;
  tesseract: string;
  timeoutMs: number;
  maxPages: number;
  maxChars: number;
  ocrPages: number;
}

export interface Extracted {
  /** Text by page (one page for a file without pages), trimmed to the character limit. */
  pages: string[];
  /** The pages were read by OCR (a scanned PDF, an image). */
  ocr: boolean;
}

/** A program this needs is not installed: the state says so and the rest of the application works on. */
export class ToolMissing extends Error {}

/** Fewer letters than this on a page on average, and a PDF counts as scanned: its pages go to OCR. */
const SCANNED_CHARS_PER_PAGE = 16;

async function tool(file: string, args: string[], tools: ExtractTools, encoding: 'utf8' | 'buffer' = 'utf8') {
  try {
    return await run(file, args, {
      timeout: tools.timeoutMs,
      killSignal: 'SIGKILL',
      // More output than the kept text could need is a hostile file: the run is stopped, not read to the end.
      maxBuffer: tools.maxChars * 4 + 1024,
      encoding,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
    if (e.code === 'ENOENT') throw new ToolMissing(`${path.basename(file)} is not installed`);
    if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') throw new Error('more text than the limit');
    if (e.killed) throw new Error(`${path.basename(file)} took longer than ${tools.timeoutMs / 1000} s`);
    throw new Error(`${path.basename(file)} could not read the file: ${String(e.message).slice(0, 300)}`);
  }
}

/** Keeps pages until the character limit is reached; what is past it is not searchable. */
function capped(pages: string[], maxChars: number): string[] {
  const out: string[] = [];
  let left = maxChars;
  for (const page of pages) {
    const text = page.replaceAll('\u0000', '').trim();
    out.push(text.slice(0, Math.max(0, left)));
    left -= text.length;
  }
  return out;
}

async function ocrImage(image: string, tools: ExtractTools): Promise<string> {
  const { stdout } = await tool(tools.tesseract, [image, 'stdout', '-l', 'chi_sim+eng'], tools);
  // tesseract writes Chinese with a space between every character: those are taken out, English keeps its spaces.
  return String(stdout).replace(/(?<=[\p{Script=Han}])\s+(?=[\p{Script=Han}])/gu, '');
}

async function ocrPdf(pdf: string, pageCount: number, workDir: string, tools: ExtractTools): Promise<string[]> {
  const last = Math.min(pageCount, tools.ocrPages);
  if (last === 0) return [];
  const prefix = path.join(workDir, 'page');
  await tool(tools.pdftoppm, ['-r', '200', '-gray', '-png', '-f', '1', '-l', String(last), pdf, prefix], tools);
  const images = (await fs.readdir(workDir)).filter((f) => f.startsWith('page') && f.endsWith('.png')).sort();
  const pages: string[] = [];
  for (const image of images) pages.push(await ocrImage(path.join(workDir, image), tools));
  return pages;
}

async function readPdf(pdf: string, workDir: string, tools: ExtractTools, allowOcr: boolean): Promise<Extracted> {
  const { stdout } = await tool(tools.pdftotext, ['-enc', 'UTF-8', '-l', String(tools.maxPages), pdf, '-'], tools);
  const pages = String(stdout).split('\f');
  // pdftotext ends the last page with a form feed too.
  if (pages.length > 1 && pages[pages.length - 1].trim() === '') pages.pop();
  const letters = pages.join('').replace(/\s/g, '').length;
  if (!allowOcr || letters >= SCANNED_CHARS_PER_PAGE * pages.length)
    return { pages: capped(pages, tools.maxChars), ocr: false };
  const ocr = await ocrPdf(pdf, pages.length, workDir, tools);
  return { pages: capped(ocr, tools.maxChars), ocr: true };
}

/** Plain text as UTF-8, or as GB18030 (what Chinese Windows writes) when it is not valid UTF-8. */
async function readText(file: string, tools: ExtractTools): Promise<Extracted> {
  const handle = await fs.open(file);
  try {
    const bytes = Buffer.alloc(Math.min((await handle.stat()).size, tools.maxChars * 4));
    await handle.read(bytes, 0, bytes.length, 0);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('gb18030').decode(bytes);
    }
    return { pages: capped([text.replace(/^\uFEFF/, '')], tools.maxChars), ocr: false };
  } finally {
    await handle.close();
  }
}

/**
 * The text of a file by its type: a PDF's text layer (its scanned pages by OCR), an Office file's through its PDF
 * rendition (given as `pdf`), plain text, an image by OCR. Throws ToolMissing when a program is not installed,
 * Error with the reason otherwise; answers null for a type that holds no text.
 */
export async function extractText(opts: {
  file: string;
  extension: string;
  /** An Office file's PDF rendition. */
  pdf?: string;
  workDir: string;
  tools: ExtractTools;
}): Promise<Extracted | null> {
  const { extension, tools } = opts;
  if (extension === 'pdf') return readPdf(opts.file, opts.workDir, tools, true);
  if (opts.pdf) return readPdf(opts.pdf, opts.workDir, tools, false);
  if ((TEXT_TYPES as readonly string[]).includes(extension)) return readText(opts.file, tools);
  if ((IMAGE_TYPES as readonly string[]).includes(extension)) {
    if (tools.ocrPages === 0) return { pages: [], ocr: true };
    return { pages: capped([await ocrImage(opts.file, tools)], tools.maxChars), ocr: true };
  }
  return null;
}
