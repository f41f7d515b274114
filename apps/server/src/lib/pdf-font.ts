import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type * as Fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * Noto Sans CJK SC, found through fontconfig as librsvg finds it for the watermark (watermark.ts), read once. Pages
 * edoc writes (the signature page, report exports) carry real text — searchable, copyable, read by pdftotext — so
 * the font is embedded, subset to the glyphs used.
 */
let cjk: { bytes: Buffer; postscriptName: string } | null = null;
function cjkFont() {
  if (cjk) return cjk;
  const [file, postscriptName] = execFileSync('fc-match', ['-f', '%{file}|%{postscriptname}', 'Noto Sans CJK SC'])
    .toString()
    .split('|');
  if (!/CJK/i.test(postscriptName ?? '')) throw new Error('the Noto CJK fonts are missing (Debian: fonts-noto-cjk)');
  return (cjk = { bytes: fs.readFileSync(file), postscriptName });
}

/**
 * fontkit 2 for pdf-lib: it picks the font out of the .ttc collection, and its CFF subsetting writes fonts poppler and
 * pdf.js read (the @pdf-lib/fontkit fork's does not for CJK CFF fonts). pdf-lib expects the older encodeStream().
 */
type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
function fontkitFor(fontkit: typeof Fontkit, postscriptName: string): PdfLibFontkit {
  const adapter = {
    create(bytes: Uint8Array) {
      const font = fontkit.create(Buffer.from(bytes), postscriptName) as Fontkit.Font;
      const subsetOf = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = subsetOf();
        return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
      };
      return font;
    },
  };
  // fontkit 2's Font has what pdf-lib reads (cff, head, post) as getters its typings do not list.
  return adapter as unknown as PdfLibFontkit;
}

/** Embeds the Chinese-and-Latin font into the document (subset on save). */
export async function embedCjkFont(pdf: PDFDocument): Promise<PDFFont> {
  const { bytes, postscriptName } = cjkFont();
  // Loaded by the first page edoc writes, not at the server's start (a tenth of a second, issue 16).
  pdf.registerFontkit(fontkitFor(await import('fontkit'), postscriptName));
  return pdf.embedFont(bytes, { subset: true });
}
