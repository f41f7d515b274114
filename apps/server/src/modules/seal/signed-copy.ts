import { PDFDocument, PDFName, PDFSignature } from 'pdf-lib';
import type { Db } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { appendESignaturePage, eSignaturesOf } from './e-signature-page.ts';
import { stamping } from './stamp-limit.ts';
import { padesSigned } from './pades.ts';
import { currentSealKey } from './seal-key.service.ts';

interface Store {
  db: Db;
  blobs: BlobStore;
}

/** The version as the signature page names it. */
export interface SignedVersion {
  id: number;
  sha256: string;
  versionNo: string;
  extension: string;
}

async function readAll(blobs: BlobStore, sha: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(sha)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A version to show signed: its document, the version, and the PDF of its content. */
interface SignedCopyOf {
  doc: { name: string };
  version: SignedVersion;
  /** The PDF itself or the rendition of an Office file. */
  pdfSha256: string;
}

/**
 * The version's PDF with the signature page appended, or null when no signature applies to the version — then the
 * stored bytes are what is shown. A PDF that pdf-lib cannot rewrite (unreadable, encrypted) is also null: it is served
 * as stored, its signatures still on record and in the workflow's timeline.
 */
export async function withESignaturePage(
  store: Store,
  { doc, version, pdfSha256, keepDigitallySigned = false }: SignedCopyOf & { keepDigitallySigned?: boolean },
): Promise<PDFDocument | null> {
  const list = await eSignaturesOf(store, version);
  if (list.length === 0) return null;
  const bytes = await readAll(store.blobs, pdfSha256);
  // The content must still be what was recorded (DESIGN §7): the page must never vouch for other bytes.
  if (sha256(bytes) !== pdfSha256) throw new Error(`stored content ${pdfSha256} does not match its hash`);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  } catch {
    return null;
  }
  if (pdf.isEncrypted || (keepDigitallySigned && digitallySigned(pdf))) return null;
  await appendESignaturePage(pdf, { title: doc.name, versionNo: version.versionNo }, list);
  return pdf;
}

/**
 * Whether the PDF carries a digital signature of its own (a contract or CV signed with someone's certificate). pdf-lib
 * rewrites the whole file, so adding our page and signature would make every reader report that signature broken.
 */
function digitallySigned(pdf: PDFDocument): boolean {
  try {
    return pdf
      .getForm()
      .getFields()
      .some((f) => f instanceof PDFSignature && f.acroField.dict.has(PDFName.of('V')));
  } catch {
    return false; // an AcroForm pdf-lib cannot read holds no signature it could check either
  }
}

/**
 * The version's PDF with its signature page, PAdES-signed by the server's document-signing key; null when no signature
 * applies (see withESignaturePage). Bounded like the watermarked copies (stamp-limit.ts): it holds the whole PDF.
 */
export function signedPdf(store: Store, copy: SignedCopyOf): Promise<Buffer | null> {
  return stamping(async () => {
    // A PDF signed by someone else leaves as stored, its own signature intact (the stamped view still shows the page).
    const pdf = await withESignaturePage(store, { ...copy, keepDigitallySigned: true });
    return pdf && padesSigned(pdf, await currentSealKey(store.db));
  });
}

/**
 * What a download of a signed PDF version hands out (the direct download, a download link, a pack entry): see
 * signedPdf. Null for a version without signatures and for a non-PDF file: an Office file downloads as the very bytes
 * whose sha256 the signatures bind, and its signed PDF is the viewer's rendition.
 */
export function signedDownload(store: Store, doc: { name: string }, version: SignedVersion): Promise<Buffer | null> {
  if (version.extension.toLowerCase() !== 'pdf') return Promise.resolve(null);
  return signedPdf(store, { doc, version, pdfSha256: version.sha256 });
}
