import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { boardAttachments } from '../db/schema/board.ts';
import { documentVersions, downloadTasks, renditions } from '../db/schema/documents.ts';
import { editSessions } from '../db/schema/editing.ts';
import { exchangeImports } from '../db/schema/exchange.ts';
import { users } from '../db/schema/users.ts';
import { signatures } from '../db/schema/workflow.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * Serialises, per content, a row starting to reference a blob with the removal of an unreferenced one: both take
 * this lock in their transaction, so a refused upload's blob can go at once without pulling it from under an equal
 * upload being committed (content addressing shares one file between equal uploads).
 */
export async function lockBlob(tx: Tx, sha256: string): Promise<void> {
  await lockBlobs(tx, [sha256]);
}

/** lockBlob of several contents in one statement, always in the same order (two such batches cannot deadlock). */
export async function lockBlobs(tx: Tx, sha256s: string[]): Promise<void> {
  const keys = [...new Set(sha256s)].sort().map((s) => 'blob:' + s);
  if (keys.length)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
      from unnest(${`{${keys.join(',')}}`}::text[]) with ordinality as u(k, n) order by n`);
}

/** A refused upload's blob goes now (issue 9), unless a row references it. */
export async function discardUpload(db: Db, blobs: BlobStore, sha256: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBlob(tx, sha256);
    if ((await referenced(tx, [sha256])).size === 0) await blobs.remove(sha256);
  });
}

/**
 * Runs the change a stored upload is for (its row takes lockBlob); when the change refuses, the upload's blob goes
 * at once rather than at the sweep (issue 9: never a stored file for a refused request).
 */
export async function commitUpload<T>(
  store: { db: Db; blobs: BlobStore },
  sha256: string | readonly string[] | null | undefined,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (err) {
    // A post of the message board carries several files: each goes.
    for (const sha of typeof sha256 === 'string' ? [sha256] : (sha256 ?? []))
      await discardUpload(store.db, store.blobs, sha).catch(() => undefined);
    throw err;
  }
}

/** Every blob a row still points at. */
async function referenced(db: Db | Tx, among?: string[]): Promise<Set<string>> {
  const only = (col: AnyPgColumn) => (among ? inArray(col, among) : isNotNull(col));
  const rows = await db.execute<{ sha: string }>(sql`
    select ${documentVersions.sha256} as sha from ${documentVersions} where ${only(documentVersions.sha256)}
    union select ${users.avatarSha256} from ${users} where ${only(users.avatarSha256)}
    union select ${users.handwritingSha256} from ${users} where ${only(users.handwritingSha256)}
    union select ${signatures.imageSha256} from ${signatures} where ${only(signatures.imageSha256)}
    union select ${renditions.pdfSha256} from ${renditions} where ${only(renditions.pdfSha256)}
    union select ${downloadTasks.sha256} from ${downloadTasks} where ${only(downloadTasks.sha256)}
    union select ${boardAttachments.sha256} from ${boardAttachments} where ${only(boardAttachments.sha256)}
    union select ${exchangeImports.packageSha256} from ${exchangeImports}
      where ${exchangeImports.state} not in ('done', 'failed', 'cancelled') and ${only(exchangeImports.packageSha256)}
    union select ${editSessions.workingSha256} from ${editSessions}
      where ${editSessions.endedAt} is null and ${only(editSessions.workingSha256)}`);
  return new Set(rows.rows.map((r) => r.sha));
}

/**
 * Removes the given blobs that no row references and that were not written within the grace period. The grace
 * keeps a blob whose row is still being committed, or one just uploaded again with the same content, from
 * being removed under it: content addressing shares one file between equal uploads.
 */
export async function removeIfUnreferenced(db: Db, blobs: BlobStore, shas: string[], graceMs: number): Promise<number> {
  if (shas.length === 0) return 0;
  const keep = await referenced(db, shas);
  let removed = 0;
  for (const sha of shas) {
    if (keep.has(sha)) continue;
    const written = await blobs.modifiedAt(sha);
    if (!written || Date.now() - written.getTime() < graceMs) continue;
    await blobs.remove(sha);
    removed++;
  }
  return removed;
}

/** The orphan sweep (DESIGN §8): blobs left by refused or interrupted uploads and by purges. */
export async function sweepOrphanBlobs(db: Db, blobs: BlobStore, graceMs: number): Promise<number> {
  const keep = await referenced(db);
  const candidates: string[] = [];
  for await (const sha of blobs.list()) if (!keep.has(sha)) candidates.push(sha);
  return removeIfUnreferenced(db, blobs, candidates, graceMs);
}
