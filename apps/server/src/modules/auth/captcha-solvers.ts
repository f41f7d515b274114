import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GLYPHS } from './captcha.service.ts';

// Two attackers of the login code, for captcha.test.ts (issue 25, item 6): what a script of a bot would try first.

const W = 12;
const H = 18;

/** The dark pixels of a grey image inside [x0, x1) as a W × H grid of their bounding box (a digit's shape). */
function shapeOf(grey: Buffer, width: number, height: number, x0: number, x1: number, dark = 140): number[] {
  let [left, right, top, bottom] = [x1, x0, height, 0];
  for (let y = 0; y < height; y++)
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++)
      if (grey[y * width + x] < dark)
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
  const grid = new Array<number>(W * H).fill(0);
  if (right < left) return grid;
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++)
      if (grey[y * width + x] < dark) {
        const gx = Math.min(W - 1, Math.floor(((x - left) / (right - left + 1)) * W));
        const gy = Math.min(H - 1, Math.floor(((y - top) / (bottom - top + 1)) * H));
        grid[gy * W + gx] = 1;
      }
  return grid;
}

async function grey(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Each digit's clean glyph, drawn as the captcha draws it before bending, as a shape to match against. */
async function templates(): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const [digit, d] of Object.entries(GLYPHS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="44"><rect width="100%" height="100%" fill="#fff"/><g transform="translate(10 6) scale(2.1)"><path d="${d}" fill="none" stroke="#000" stroke-width="1.4" stroke-linecap="round"/></g></svg>`;
    const g = await grey(await sharp(Buffer.from(svg)).png().toBuffer());
    out.set(digit, shapeOf(g.data, g.width, g.height, 0, g.width));
  }
  return out;
}

/**
 * Template matching: the image cut into the four places where the digits stand (the layout is in the source),
 * each place's dark shape compared with every glyph's; the glyph agreeing on the most cells wins.
 */
export async function templateSolver(): Promise<(png: Buffer) => Promise<string>> {
  const glyphs = await templates();
  return async (png) => {
    const g = await grey(png);
    let answer = '';
    for (let i = 0; i < 4; i++) {
      const cx = 19 + i * 29;
      const shape = shapeOf(g.data, g.width, g.height, cx - 14, cx + 14);
      let best = ['', -1] as [string, number];
      for (const [digit, t] of glyphs) {
        const agree = t.reduce((n, v, k) => n + (v === shape[k] ? 1 : 0), 0);
        if (agree > best[1]) best = [digit, agree];
      }
      answer += best[0];
    }
    return answer;
  };
}

/**
 * tesseract on every image at once: the images, enlarged three times and grey, stacked into one page with white
 * between them (one process, not 200), digits only; each word's position says which image it was read from.
 */
export async function tesseractSolve(
  pngs: Buffer[],
  tesseract = process.env.TESSERACT_PATH ?? 'tesseract',
): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edoc-captcha-ocr-'));
  try {
    const { width = 0, height = 0 } = await sharp(pngs[0]).metadata();
    const [w, h, gap] = [width * 3, height * 3, 40];
    // Black on white, as OCR reads best: the inks are darker than the background and its noise.
    const rows = await Promise.all(
      pngs.map((png) => sharp(png).resize(w, h).greyscale().threshold(140).png().toBuffer()),
    );
    const read = pngs.map(() => '');
    // Pages of 50: tesseract refuses an image taller than 32,767 pixels.
    for (let first = 0; first < rows.length; first += 50) {
      const chunk = rows.slice(first, first + 50);
      const page = path.join(dir, `page-${first}.png`);
      await sharp({
        create: { width: w + 2 * gap, height: chunk.length * (h + gap) + gap, channels: 3, background: '#fff' },
      })
        .composite(chunk.map((input, i) => ({ input, left: gap, top: gap + i * (h + gap) })))
        .greyscale()
        .png()
        .toFile(page);
      const tsv = execFileSync(
        tesseract,
        [page, 'stdout', '--psm', '6', '-c', 'tessedit_char_whitelist=0123456789', 'tsv'],
        { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 },
      ).toString();
      for (const line of tsv.split('\n').slice(1)) {
        const cells = line.split('\t');
        const [top, boxHeight, text] = [cells[7], cells[9], cells[11]];
        if (!text?.trim()) continue;
        const row = Math.floor((Number(top) + Number(boxHeight) / 2 - gap / 2) / (h + gap));
        if (row >= 0 && row < chunk.length) read[first + row] += text.replace(/\D/g, '');
      }
    }
    return read;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
