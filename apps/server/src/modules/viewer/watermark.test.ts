import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../storage/blob-store.ts';
import { limiter } from '../seal/stamp-limit.ts';
import { layoutLines, MAX_TEXT_PAGES, paginate } from './text-pages.ts';
import { stampedImage, stampedPdf, stampedText } from './watermark.ts';

// The stamping reads the blob whole; a store holding one blob is all it needs.
const storeOf = (bytes: Buffer) => ({ get: async () => [bytes] }) as unknown as BlobStore;
const mark = { name: '张伟明', email: 'zhang@example.com', time: '2026-11-24T08:30:00.000Z' };

/** The translations of every `cm` the page's content streams hold: where things are drawn. */
async function drawnAt(pdfBytes: Buffer): Promise<{ x: number; y: number }[]> {
  const pdf = await PDFDocument.load(pdfBytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const text = streams
    .map((ref) => pdf.context.lookup(ref) as PDFRawStream)
    .map((s) => {
      const raw = Buffer.from(s.getContents());
      return (s.dict.get(PDFName.of('Filter')) ? zlib.inflateSync(raw) : raw).toString('latin1');
    })
    .join('\n');
  // Each drawing starts "q", then moves to its spot.
  return [...text.matchAll(/\bq\s+1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

describe('the stamp burned into a PDF (issue 9)', () => {
  it('covers a page whose media box does not start at 0,0', async () => {
    const made = await PDFDocument.create();
    made.addPage([595, 842]).setMediaBox(1000, 2000, 595, 842);
    const stamped = await stampedPdf(storeOf(Buffer.from(await made.save())), 'x', mark);
    const spots = await drawnAt(stamped);
    expect(spots.length).toBeGreaterThan(0);
    // Every tile lies on the page, and one sits at its corner.
    for (const { x, y } of spots) {
      expect(x).toBeGreaterThanOrEqual(1000);
      expect(y).toBeGreaterThanOrEqual(2000);
    }
    expect(spots).toContainEqual({ x: 1000, y: 2000 });
  });

  it('refuses an encrypted PDF rather than serve it with a stamp its reader would decrypt into noise', async () => {
    const made = await PDFDocument.create();
    made.addPage([595, 842]).drawText('Secret', { x: 50, y: 780 });
    made.context.trailerInfo.Encrypt = made.context.register(
      made.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 }),
    );
    const bytes = Buffer.from(await made.save());
    expect((await PDFDocument.load(bytes, { ignoreEncryption: true })).isEncrypted).toBe(true);
    await expect(stampedPdf(storeOf(bytes), 'x', mark)).rejects.toMatchObject({ code: 'not_viewable_online' });
  });
});

describe('the stamp burned into an image (issue 9)', () => {
  it('turns a photo as its EXIF says, since the PNG sent carries no EXIF', async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stamped = await stampedImage(storeOf(photo), 'x', mark);
    expect(await sharp(stamped).metadata()).toMatchObject({ format: 'png', width: 400, height: 600 });
  });

  it('stamps a picture smaller than the stamp, and a large scan with a stamp that stays legible', async () => {
    const white = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
    const small = await stampedImage(storeOf(await white(120, 80)), 'x', mark);
    expect(await sharp(small).metadata()).toMatchObject({ width: 120, height: 80 });
    const { data } = await sharp(small).raw().toBuffer({ resolveWithObject: true });
    expect(data.some((v) => v < 250)).toBe(true);
    // A 4800 px wide scan shown fitted to a 1200 px screen: the stamp grew with it, so it is as dark there as on a
    // 1200 px picture (a stamp of the same pixels would shrink to faint specks).
    const greyShare = async (png: Buffer) => {
      const raw = await sharp(png).resize(1200).greyscale().raw().toBuffer();
      return raw.filter((v) => v < 230).length / raw.length;
    };
    const normal = await greyShare(await stampedImage(storeOf(await white(1200, 800)), 'x', mark));
    const scan = await greyShare(await stampedImage(storeOf(await white(4800, 3200)), 'x', mark));
    expect(scan).toBeGreaterThan(normal / 2);
  });

  it('answers "not viewable" for what cannot be decoded, never the bytes', async () => {
    await expect(stampedImage(storeOf(Buffer.from('not an image')), 'x', mark)).rejects.toMatchObject({
      code: 'not_viewable_online',
    });
  });
});

describe('text shown as a stamped picture (issue 9)', () => {
  it('wraps long lines by the width of their characters (a CJK one is two columns)', () => {
    expect(layoutLines('a'.repeat(114))).toHaveLength(1);
    expect(layoutLines('a'.repeat(115))).toEqual(['a'.repeat(114), 'a']);
    expect(layoutLines('临'.repeat(57))).toHaveLength(1);
    expect(layoutLines('临'.repeat(58))).toEqual(['临'.repeat(57), '临']);
    expect(layoutLines('a\tb\r\nc\u0000d')).toEqual(['a    b', 'cd']);
  });

  it('draws at most MAX_TEXT_PAGES pages and says that the rest is not shown', () => {
    const pages = paginate(
      Array.from({ length: 100_000 }, (_, i) => `${i}`),
      'NOTE',
    );
    expect(pages).toHaveLength(MAX_TEXT_PAGES);
    expect(pages.at(-1)!.at(-1)).toBe('NOTE');
    expect(paginate([], 'NOTE')).toEqual([[]]);
  });

  it('is a PDF of pictures: no byte of the text in it, one page per page of lines', async () => {
    const text = Array.from({ length: 80 }, (_, i) => `第${i}行 Subject S-${1000 + i} consented`).join('\n');
    const stamped = await stampedText(storeOf(Buffer.from(text)), 'x', mark);
    const pdf = await PDFDocument.load(stamped);
    expect(pdf.getPageCount()).toBe(2);
    expect(stamped.includes(Buffer.from('consented'))).toBe(false);
    // No font, so no text layer: the words are only pixels.
    for (const page of pdf.getPages()) {
      const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
      expect(fonts?.keys() ?? []).toHaveLength(0);
    }
    expect(stamped.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});

describe('stamping a few at a time', () => {
  it('runs at most the limit at once, the rest in turn, and frees a slot when a job fails', async () => {
    const run = limiter(2);
    let now = 0;
    let most = 0;
    const job = (fails: boolean) =>
      run(async () => {
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 10));
        now--;
        if (fails) throw new Error('broken PDF');
        return 'done';
      });
    const results = await Promise.allSettled([job(true), job(false), job(true), job(false), job(false)]);
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await job(false)).toBe('done');
  });
});
