import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { fail } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Who looks and when: what the viewer draws over the page, and what a copy without downDoc carries burned in. */
export interface Watermark {
  name: string;
  email: string;
  time: string;
}

const TILE = { width: 480, height: 240 };

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The stamp as a transparent PNG tile: the mark's text turned 30°, in grey. Rendered by librsvg with fontconfig, so
 * Chinese names draw with the installed Noto CJK font.
 */
async function stampTile(mark: Watermark): Promise<Buffer> {
  const time = `${mark.time.slice(0, 16).replace('T', ' ')} UTC`;
  const line = (y: number, text: string) =>
    `<text x="${TILE.width / 2}" y="${y}" text-anchor="middle">${escapeXml(text)}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE.width}" height="${TILE.height}">` +
    `<g transform="rotate(-30 ${TILE.width / 2} ${TILE.height / 2})" font-family="Noto Sans CJK SC, sans-serif" ` +
    `font-size="18" fill="#7a7a7a" fill-opacity="0.45">` +
    `${line(TILE.height / 2 - 12, `${mark.name}  ${mark.email}`)}${line(TILE.height / 2 + 14, time)}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function readAll(blobs: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every page of the PDF covered with the stamp. A PDF that cannot be read is not shown: never the original. */
export async function stampedPdf(blobs: BlobStore, sha256: string, mark: Watermark): Promise<Buffer> {
  const bytes = await readAll(blobs, sha256);
  const png = await stampTile(mark);
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
    const tile = await pdf.embedPng(png);
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      for (let y = 0; y < height; y += TILE.height)
        for (let x = 0; x < width; x += TILE.width) page.drawImage(tile, { x, y, ...TILE });
    }
    return Buffer.from(await pdf.save());
  } catch {
    return fail('not_viewable_online');
  }
}

/** The image with the stamp tiled over it, as PNG. */
export async function stampedImage(blobs: BlobStore, sha256: string, mark: Watermark): Promise<Buffer> {
  const tile = await stampTile(mark);
  return sharp(await readAll(blobs, sha256))
    .composite([{ input: tile, tile: true }])
    .png()
    .toBuffer()
    .catch(() => fail('not_viewable_online'));
}

/** Plain text with the mark as a line at the top and after every 40 lines. */
export async function stampedText(blobs: BlobStore, sha256: string, mark: Watermark): Promise<Buffer> {
  const stamp = `--- ${mark.name} <${mark.email}> ${mark.time} ---`;
  const lines = (await readAll(blobs, sha256)).toString('utf8').split('\n');
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i % 40 === 0) out.push(stamp);
    out.push(l);
  });
  return Buffer.from(out.join('\n'), 'utf8');
}
