import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import yazl from 'yazl';

/**
 * Test files made at run time (no binary fixtures in the repository): each is small, valid, and carries its own
 * sha256 so a test can compare what comes back (a download, a zip entry) byte for byte. The server tests, the
 * e2e journeys and the bench all file these same documents, so one maker per format lives here.
 */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
  sha256: string;
}

const file = (name: string, mimeType: string, buffer: Buffer): TestFile => ({
  name,
  mimeType,
  buffer,
  sha256: createHash('sha256').update(buffer).digest('hex'),
});

/**
 * A PDF of `lines.length` pages, each with a coloured band and its line of text (Helvetica, ASCII only): the
 * band makes the page visibly drawn even where the viewer lacks the standard font data. The xref table holds
 * each object's real byte offset, so readers need no repair.
 */
export function makePdf(name: string, lines: string[]): TestFile {
  const pageIds = lines.map((_, i) => 4 + i * 2);
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${lines.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  lines.forEach((line, i) => {
    const escaped = line.replace(/[\\()]/g, (c) => `\\${c}`);
    const content = `0.16 0.42 0.86 rg 72 690 468 60 re f\nBT /F1 24 Tf 0 0 0 rg 72 640 Td (${escaped}) Tj ET\n`;
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> ` +
      `/Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, flag, CR LF.
  body += `xref\n0 ${objects.length}\n0000000000 65535 f\r\n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n\r\n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return file(name, 'application/pdf', Buffer.from(body, 'latin1'));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A size×size RGB PNG with a colour gradient (no pixel white), built by hand: signature, IHDR, IDAT, IEND. */
export function makePng(name: string, size = 64): TestFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, no filter method, no interlace
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      raw.set([Math.floor((x * 255) / size), Math.floor((y * 255) / size), 160], row + 1 + x * 3);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return file(name, 'image/png', png);
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A minimal Word document (the three parts OOXML requires) that Word, LibreOffice and pdftotext read, one paragraph
 * per line (spaces at the ends kept). The journeys' pictures show it in 20 pt, readable at a glance; `pointSize` null
 * leaves the reader's default, as the bench's page count assumes.
 */
export async function makeDocx(name: string, paragraphs: string[], pointSize: number | null = 20): Promise<TestFile> {
  // OOXML sizes are in half points.
  const size = pointSize === null ? '' : `<w:rPr><w:sz w:val="${pointSize * 2}"/></w:rPr>`;
  const zip = new yazl.ZipFile();
  const mtime = new Date('2024-01-01T00:00:00Z');
  const add = (path: string, xml: string) =>
    zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`), path, { mtime });
  add(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  add(
    '_rels/.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Target="word/document.xml" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>',
  );
  add(
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map((p) => `<w:p><w:r>${size}<w:t xml:space="preserve">${xmlText(p)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return file(name, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.concat(chunks));
}

/** A workbook with one sheet of rows (Chinese text welcome), written by exceljs. */
export async function makeXlsx(name: string, sheet: string, rows: Array<Array<string | number>>): Promise<TestFile> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  ws.columns.forEach((c) => (c.width = 24));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return file(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer);
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A zip of test files, each under its name (deflated, a fixed time): a package to upload as a person would. */
export async function makeZip(name: string, files: TestFile[]): Promise<TestFile> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2024-01-01T00:00:00Z');
  for (const f of files) zip.addBuffer(f.buffer, f.name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return file(name, 'application/zip', Buffer.concat(chunks));
}
