import { TRAIL_VALUE_LABELS } from '@edoc/contract/trail-value-labels';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Db } from '../../db/client.ts';
import { embedCjkFont } from '../../lib/pdf-font.ts';
import { documentVersions } from '../../db/schema/documents.ts';
import { signatures } from '../../db/schema/workflow.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** One signature as the page shows it (21 CFR 11.50: printed name, date and time, meaning). */
export interface ESignatureEntry {
  printedName: string;
  meaning: string;
  signedAt: Date;
  timeZone: string;
  contentSha256: string;
  /** The signer's handwritten signature image (PNG or JPEG), when they set one. */
  image: Buffer | null;
}

/**
 * The signatures of a version, oldest first. A signature binds the sha256 of the content it signed (DESIGN §7): one
 * whose hash is not the version's own does not apply to these bytes and is left out. The image is the one the signer
 * had set when signing (signatures.image_sha256).
 */
export async function eSignaturesOf(
  store: { db: Db; blobs: BlobStore },
  version: { id: number; sha256: string },
): Promise<ESignatureEntry[]> {
  const rows = await store.db
    .select()
    .from(signatures)
    .where(eq(signatures.versionId, version.id))
    .orderBy(asc(signatures.id));
  const out: ESignatureEntry[] = [];
  for (const s of rows) {
    if (s.contentSha256 !== version.sha256) continue;
    const image = s.imageSha256;
    out.push({
      printedName: s.printedName,
      meaning: s.meaning,
      signedAt: s.signedAt,
      timeZone: s.timeZone,
      contentSha256: s.contentSha256,
      image: image && (await store.blobs.has(image)) ? await readAll(store.blobs, image) : null,
    });
  }
  return out;
}

/**
 * Of these versions, the ones with a signature that applies to their content (as eSignaturesOf counts them), in one
 * query: a pack of many files asks once, not once per file (issue 16).
 */
export async function versionsWithESignatures(db: Db, versionIds: number[]): Promise<Set<number>> {
  if (versionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: signatures.versionId })
    .from(signatures)
    .innerJoin(documentVersions, eq(documentVersions.id, signatures.versionId))
    .where(and(inArray(signatures.versionId, versionIds), eq(signatures.contentSha256, documentVersions.sha256)));
  return new Set(rows.map((r) => r.id));
}

async function readAll(blobs: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PAGE = { width: 595, height: 842, margin: 50 };
const BLOCK = 112; // height of one signature's block, in points
const GREY = rgb(0.35, 0.35, 0.35);

const meaningText = (meaning: string) => {
  const [zh, en] = TRAIL_VALUE_LABELS.meaning[meaning] ?? [meaning, meaning];
  return `${en} / ${zh}`;
};

/** "2026-11-24 20:12:07" in the zone, and the zone's offset then ("UTC+08:00"). */
export function zonedTime(at: Date, timeZone: string): { time: string; offset: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  const offset = p.timeZoneName === 'GMT' ? 'UTC+00:00' : p.timeZoneName.replace('GMT', 'UTC');
  return { time: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`, offset };
}

async function embedImage(pdf: PDFDocument, image: Buffer | null): Promise<PDFImage | null> {
  if (!image) return null;
  try {
    return image[0] === 0x89 ? await pdf.embedPng(image) : await pdf.embedJpg(image);
  } catch {
    return null; // an image that does not decode is left out rather than failing the document
  }
}

function header(pdf: PDFDocument, font: PDFFont, doc: { title: string; versionNo: string }, n: number): PDFPage {
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const top = PAGE.height - PAGE.margin;
  page.drawText('Electronic signatures / 电子签名', { x: PAGE.margin, y: top - 16, size: 16, font });
  page.drawText(`${doc.title}  ·  Version / 版本 ${doc.versionNo}${n > 1 ? `  ·  (${n})` : ''}`, {
    x: PAGE.margin,
    y: top - 38,
    size: 10,
    font,
    color: GREY,
  });
  page.drawText(
    'Added by edoc to the signed content; each signature applies to the content with the SHA-256 shown. / ' +
      '此页由 edoc 附加，签名仅适用于所示 SHA-256 的内容。',
    {
      x: PAGE.margin,
      y: PAGE.margin - 14,
      size: 7,
      lineHeight: 9,
      font,
      color: GREY,
      maxWidth: PAGE.width - 2 * PAGE.margin,
    },
  );
  return page;
}

/**
 * Appends the signature page(s) to the PDF: per signature the printed name, the meaning in English and Chinese, the
 * time in UTC and in the signer's time zone, the sha256 of the signed content and the handwritten image if any.
 */
export async function appendESignaturePage(
  pdf: PDFDocument,
  doc: { title: string; versionNo: string },
  list: ESignatureEntry[],
): Promise<void> {
  const font = await embedCjkFont(pdf);
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin - 60) / BLOCK);
  let page: PDFPage | null = null;
  for (const [i, s] of list.entries()) {
    if (i % perPage === 0) page = header(pdf, font, doc, i / perPage + 1);
    const y = PAGE.height - PAGE.margin - 60 - (i % perPage) * BLOCK;
    const line = (row: number, text: string, size = 10) =>
      page!.drawText(text, { x: PAGE.margin, y: y - 14 - row * 17, size, font });
    const local = zonedTime(s.signedAt, s.timeZone);
    page!.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.5,
      color: GREY,
    });
    line(0, `Signed by / 签名人: ${s.printedName}`, 12);
    line(1, `Meaning / 签名含义: ${meaningText(s.meaning)}`);
    line(2, `Date and time / 签名时间: ${zonedTime(s.signedAt, 'UTC').time} UTC`);
    line(3, `Signer's time zone / 签名人时区: ${local.time} ${s.timeZone} (${local.offset})`);
    line(4, `Signed content SHA-256 / 签名内容 SHA-256: ${s.contentSha256}`, 8);
    const image = await embedImage(pdf, s.image);
    if (image) {
      const scale = Math.min(140 / image.width, 48 / image.height, 1);
      page!.drawImage(image, {
        x: PAGE.width - PAGE.margin - image.width * scale,
        y: y - 8 - image.height * scale,
        width: image.width * scale,
        height: image.height * scale,
      });
    }
  }
}
