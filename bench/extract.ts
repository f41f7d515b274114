// Issue 13 figures: extraction throughput in pages per second, next to the program run alone on the same files.
// Text PDFs: the app's reading (pdftotext, the scanned-page check, the page and whole-text lexemes) next to
// `pdftotext` alone. OCR: the app's reading of page images (tesseract chi_sim+eng, the lexemes) next to `tesseract`
// alone. The database writes are not in either figure.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { extractText } from '../apps/server/src/modules/search/extract.ts';
import { toolsOf } from '../apps/server/src/modules/search/extract-loop.ts';
import { tsvectorOf } from '../apps/server/src/modules/search/lexemes.ts';
import { makePdf } from '@edoc/test-support/files';

const run = promisify(execFile);
const WORDS = 'Monitoring visit report pharmacokinetics adverse event consent investigator site dose'.split(' ');

/** Pages per second of `work` over `pages` pages, best of three runs (the first warms the page cache). */
async function rate(pages: number, work: () => Promise<unknown>) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await work();
    best = Math.min(best, performance.now() - t);
  }
  return pages / (best / 1000);
}

export async function extractBench() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-bench-extract-'));
  try {
    const tools = toolsOf(loadConfig({ DATA_DIR: dir }));
    // 20 PDFs of 50 pages, a line of words on each page.
    const files: string[] = [];
    for (let f = 0; f < 20; f++) {
      const lines = Array.from({ length: 50 }, (_, p) =>
        Array.from({ length: 8 }, (_, w) => WORDS[(f * 7 + p * 3 + w) % WORDS.length]).join(' '),
      );
      const file = path.join(dir, `text-${f}.pdf`);
      await fs.writeFile(file, makePdf(`text-${f}.pdf`, lines).buffer);
      files.push(file);
    }
    const appText = await rate(1000, async () => {
      for (const file of files) {
        const text = await extractText({ file, extension: 'pdf', workDir: dir, tools });
        const pages = text?.pages ?? [];
        pages.forEach((page) => tsvectorOf(page));
        tsvectorOf(pages.join('\n'), 8);
      }
    });
    const aloneText = await rate(1000, async () => {
      for (const file of files) await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    });
    console.log(
      `text PDFs (20 × 50 pages)   app ${appText.toFixed(0)} pages/s   pdftotext alone ${aloneText.toFixed(0)} pages/s   ratio ${(appText / aloneText).toFixed(2)}`,
    );

    // 5 page images at 200 dpi, grey, as the app renders a scanned PDF's pages for OCR.
    await run('pdftoppm', ['-r', '200', '-gray', '-png', '-f', '1', '-l', '5', files[0], path.join(dir, 'scan')]);
    const images = (await fs.readdir(dir)).filter((f) => f.startsWith('scan')).map((f) => path.join(dir, f));
    const appOcr = await rate(images.length, async () => {
      for (const file of images) {
        const text = await extractText({ file, extension: 'png', workDir: dir, tools });
        (text?.pages ?? []).forEach((page) => tsvectorOf(page));
      }
    });
    const aloneOcr = await rate(images.length, async () => {
      for (const file of images) await run(tools.tesseract, [file, 'stdout', '-l', 'chi_sim+eng']);
    });
    console.log(
      `OCR (${images.length} page images)       app ${appOcr.toFixed(2)} pages/s   tesseract alone ${aloneOcr.toFixed(2)} pages/s   ratio ${(appOcr / aloneOcr).toFixed(2)}`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
