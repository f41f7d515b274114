import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { fail } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { textPdf } from './text-pages.ts';

/** Who looks and when: what the viewer draws over the page, and what a copy without downDoc carries burned in. */
export interface Watermark {
  name: string;
  email: string;
  time: string;
}

/** The stamp's tile at scale 1, in pixels (PDF points for a page). */
const TILE = { width: 480, height: 240 };

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The stamp as a transparent PNG tile of TILE × scale pixels: the mark's text turned 30°, in grey. Rendered by librsvg
 * with fontconfig, so Chinese names draw with the installed Noto CJK font.
 */
export async function stampTile(mark: Watermark, scale = 1): Promise<Buffer> {
  const w = Math.round(TILE.width * scale);
  const h = Math.round(TILE.height * scale);
  const time = `${mark.time.slice(0, 16).replace('T', ' ')} UTC`;
  const line = (y: number, text: string) =>
    `<text x="${w / 2}" y="${y}" text-anchor="middle">${escapeXml(text)}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<g transform="rotate(-30 ${w / 2} ${h / 2})" font-family="Noto Sans CJK SC, sans-serif" ` +
    `font-size="${18 * scale}" fill="#7a7a7a" fill-opacity="0.45">` +
    `${line(h / 2 - 12 * scale, `${mark.name}  ${mark.email}`)}${line(h / 2 + 14 * scale, time)}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function readAll(blobs: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Every page covered with the stamp, from the corner of its media box (which need not be at 0,0). The tile is drawn
 * at twice the resolution it covers, so it stays sharp when the viewer zooms in.
 */
async function stampPages(pdf: PDFDocument, mark: Watermark): Promise<Buffer> {
  const tile = await pdf.embedPng(await stampTile(mark, 2));
  for (const page of pdf.getPages()) {
    const box = page.getMediaBox();
    for (let y = box.y; y < box.y + box.height; y += TILE.height)
      for (let x = box.x; x < box.x + box.width; x += TILE.width) page.drawImage(tile, { x, y, ...TILE });
  }
  return Buffer.from(await pdf.save());
}

/**
 * The PDF with every page stamped. A PDF that cannot be read is not shown, and neither is an encrypted one: pdf-lib
 * keeps its /Encrypt, so a reader would decrypt our unencrypted stamp into noise and show the pages clean. Never the
 * original.
 */
export async function stampedPdf(
  blobs: BlobStore,
  sha256: string,
  mark: Watermark,
  /** Pages added before stamping (the signature page), so they are stamped too. */
  addPages?: (pdf: PDFDocument) => Promise<void>,
): Promise<Buffer> {
  const bytes = await readAll(blobs, sha256);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  } catch {
    return fail('not_viewable_online');
  }
  if (pdf.isEncrypted) fail('not_viewable_online');
  await addPages?.(pdf);
  try {
    return await stampPages(pdf, mark);
  } catch {
    // Parsed, but without a page tree that can be walked.
    return fail('not_viewable_online');
  }
}

/**
 * The image turned as its EXIF says (the PNG we send carries no EXIF, and a browser would show a phone photo on its
 * side), with the stamp tiled over it at a size that stays legible when a large scan is shown fitted to the screen
 * and that still fits a small picture.
 */
export async function stampedImage(blobs: BlobStore, sha256: string, mark: Watermark): Promise<Buffer> {
  try {
    const upright = await sharp(await readAll(blobs, sha256))
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    // sharp will not tile a picture larger than the image: a small one gets a smaller stamp.
    const scale = Math.min(Math.max(1, Math.max(width, height) / 1200), width / TILE.width, height / TILE.height);
    return await sharp(upright.data)
      .composite([{ input: await stampTile(mark, scale), tile: true }])
      .png()
      .toBuffer();
  } catch {
    return fail('not_viewable_online');
  }
}

/**
 * Plain text as a stamped PDF of pictures of its pages (at most MAX_TEXT_PAGES). Text with stamp lines added would
 * not do: deleting them gives back the original bytes. A picture does not, and the viewer shows a PDF as it shows any
 * other, stamped as any other.
 */
export async function stampedText(blobs: BlobStore, sha256: string, mark: Watermark): Promise<Buffer> {
  const text = (await readAll(blobs, sha256)).toString('utf8');
  const note = '……（其余内容仅对有下载权限者显示 / the rest is shown only to those who may download it）';
  return stampPages(await textPdf(text, note), mark);
}
