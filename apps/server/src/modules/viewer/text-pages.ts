import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  type PDFRef,
} from 'pdf-lib';
import sharp from 'sharp';

/** An A4 page in PDF points, drawn at PX_PER_PT pixels per point (108 dpi: sharp on screen, small files). */
export const TEXT_PAGE = { width: 595, height: 842, margin: 40 };
const PX_PER_PT = 1.5;
const FONT_PT = 9;
const LINE_PT = 12;
const LINES_PER_PAGE = Math.floor((TEXT_PAGE.height - 2 * TEXT_PAGE.margin) / LINE_PT);
/** Columns of the monospace font: a Latin character is half an em wide, a CJK one a whole em (two columns). */
const COLUMNS = Math.floor((TEXT_PAGE.width - 2 * TEXT_PAGE.margin) / (FONT_PT / 2));
/**
 * Pages drawn at most. A text file is drawn line by line as a picture; past this the copy ends with a note (the whole
 * text is for those who may download it).
 */
export const MAX_TEXT_PAGES = 50;

// East Asian wide and fullwidth ranges (Hangul, CJK, kana, fullwidth forms, CJK extensions).
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
// Characters XML 1.0 does not allow; the SVG would not parse with them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The text as lines that fit the page width, tabs as four spaces; a long line wraps as the text viewer's does. */
export function layoutLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, '    ').replace(NOT_XML, '');
    let current = '';
    let width = 0;
    for (const ch of line) {
      const w = WIDE.test(ch) ? 2 : 1;
      if (width + w > COLUMNS) {
        out.push(current);
        current = '';
        width = 0;
      }
      current += ch;
      width += w;
    }
    out.push(current);
  }
  return out;
}

/** The lines in pages; a text longer than MAX_TEXT_PAGES ends with `note` on its last page. */
export function paginate(lines: string[], note: string): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < lines.length && pages.length < MAX_TEXT_PAGES; i += LINES_PER_PAGE)
    pages.push(lines.slice(i, i + LINES_PER_PAGE));
  if (lines.length > MAX_TEXT_PAGES * LINES_PER_PAGE) pages[pages.length - 1].splice(-2, 2, '', note);
  return pages.length ? pages : [[]];
}

/**
 * One page of text as a grey PNG, drawn by librsvg through fontconfig in Noto Sans Mono CJK, so Chinese shows. The
 * picture carries no text layer: what is handed out is a picture of the text, not a copy of the file.
 */
export async function textPagePng(lines: string[]): Promise<Buffer> {
  const px = (pt: number) => Math.round(pt * PX_PER_PT);
  const body = lines
    .map(
      (l, i) =>
        `<text x="${px(TEXT_PAGE.margin)}" y="${px(TEXT_PAGE.margin + (i + 1) * LINE_PT - 3)}">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(TEXT_PAGE.width)}" height="${px(TEXT_PAGE.height)}">` +
    `<g font-family="Noto Sans Mono CJK SC, monospace" font-size="${px(FONT_PT)}" fill="#1f1f1f" ` +
    `xml:space="preserve">${body}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).toColourspace('b-w').png().toBuffer();
}

/**
 * A grey 8-bit PNG as a PDF image, its compressed data passed through (PDF reads PNG's predictors itself): pdf-lib's
 * embedPng would decode every page to RGB in JavaScript and compress it again, several times larger.
 */
export function embedGreyPng(pdf: PDFDocument, png: Buffer): PDFRef {
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      // Bit depth 8, colour type 0 (grey), no interlace: what textPagePng makes.
      if (body[8] !== 8 || body[9] !== 0 || body[12] !== 0) throw new Error('not an 8-bit grey PNG');
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const dict = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: width },
  };
  return pdf.context.register(pdf.context.stream(Buffer.concat(data), dict));
}

/** A PDF of the text's pages, each a picture filling an A4 page. */
export async function textPdf(text: string, note: string): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  // One page at a time: only the PDF being built and one page's picture are held.
  for (const lines of paginate(layoutLines(text), note)) {
    const page = pdf.addPage([TEXT_PAGE.width, TEXT_PAGE.height]);
    const name = page.node.newXObject('Text', embedGreyPng(pdf, await textPagePng(lines)));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(TEXT_PAGE.width, 0, 0, TEXT_PAGE.height, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return pdf;
}
