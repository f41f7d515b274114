import { extensionOf } from '@edoc/contract/file-rules';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { fail } from '../lib/app-error.ts';
import type { BlobStore, StoredBlob } from '../storage/blob-store.ts';
import { lockBlob } from '../storage/blob-sweep.ts';
import { contentTexts } from '../db/schema/search.ts';
import type { Deps } from '../lib/deps.ts';

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  blob: StoredBlob;
}

/**
 * Stores a new version of a document from an uploaded file and makes it the current one: the one write of a
 * version row, for a new document's first version and for every later one.
 */
export async function addVersion(
  tx: Tx,
  blobs: BlobStore,
  {
    documentId,
    versionNo,
    file,
    userId,
    source = null,
  }: {
    documentId: number;
    versionNo: string;
    file: UploadedFile;
    userId: number;
    /** Where the content came from when not an upload (issue 15: 'online', 'checkin'). */
    source?: string | null;
  },
) {
  // A refused equal upload may have just removed the shared blob (discardUpload): then this one must come again.
  await lockBlob(tx, file.blob.sha256);
  if (!(await blobs.has(file.blob.sha256))) fail('upload_incomplete');
  const [version] = await tx
    .insert(documentVersions)
    .values({
      documentId,
      versionNo,
      sha256: file.blob.sha256,
      size: file.blob.size,
      fileName: file.fileName,
      extension: extensionOf(file.fileName),
      mimeType: file.mimeType,
      createdBy: userId,
      source,
    })
    .returning();
  await tx.update(documents).set({ currentVersionId: version.id }).where(eq(documents.id, documentId));
  // Its text for search (issue 13), read by the worker once this commits.
  await queueText(tx, version.sha256, version.extension);
  return version;
}

/** "V1.0" → "V1.1": the last number of the current version goes up by one; anything else gains ".1". */
export function nextVersionNo(current: string): string {
  const m = /^(.*?)(\d+)(\D*)$/.exec(current);
  return m ? `${m[1]}${Number(m[2]) + 1}${m[3]}` : `${current}.1`;
}

/** The project's first version number by its naming convention, e.g. "V{major}.{minor}" → "V1.0". */
export function firstVersionNo(convention: string): string {
  return convention.replace('{major}', '1').replace('{minor}', '0');
}

/** A new version's content waits for its text (once per content: a second version of it changes nothing). */
export async function queueText(db: Pick<Deps['db'], 'insert'>, sha256: string, extension: string) {
  await db.insert(contentTexts).values({ sha256, extension }).onConflictDoNothing();
}
