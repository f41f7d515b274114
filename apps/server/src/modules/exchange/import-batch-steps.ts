import type { TrailEntry } from '@edoc/contract/trail';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { insertJson, jsonRows } from '../../db/json-rows.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows } from '../../db/schema/exchange.ts';
import { contentTexts } from '../../db/schema/search.ts';
import { lockBlobs } from '../../storage/blob-sweep.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { recordTrails, type TrailActor } from '../../trail/trail.service.ts';
import { FITS, refileDocuments } from '../expected/expected-filing.ts';
import { RowRefused, rowError } from './ems-import-store.ts';

/*
 * The steps of filing a batch of import rows with one statement per kind, shared by the EMS import
 * (ems-import-batch.ts) and the bulk import (bulk-import/bulk-import-batch.ts): each writes what its row-by-row filing
 * writes for one row (nameTaken, addVersion, recordTrail, refileDocuments), for the whole batch at once. Callers run
 * them under a savepoint and file the batch row by row should any fail.
 */

type VersionInsert = typeof documentVersions.$inferInsert;

/** Locks the rows (in id order, as row-by-row filing takes them) and answers those still pending. */
export async function lockPending(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = exchangeImportRows;
  const locked = await tx
    .select({ id: r.id, state: r.state })
    .from(r)
    .where(inArray(r.id, ids))
    .orderBy(asc(r.id))
    .for('update');
  return new Set(locked.filter((l) => l.state === 'pending').map((l) => l.id));
}

/** Numbered fallbacks tried after the fallback itself: "X (file.pdf) (2)" … "(9)". */
const NUMBERED = 8;

/** A name's candidates in order, each within the column's 255 characters. */
const candidates = (w: { name: string; fallback: string }) => [
  w.name,
  w.fallback,
  ...Array.from({ length: NUMBERED }, (_, k) => {
    const suffix = ` (${k + 2})`;
    return w.fallback.slice(0, 255 - suffix.length) + suffix;
  }),
];

/**
 * New documents' names, in order: each its `name`, unless its folder already has that name or an earlier one of the
 * batch took it (PostgreSQL's lower() comparing, as nameTaken does); then its `fallback`, then the fallback numbered
 * (the same file imported twice into one folder). Null where every candidate is taken.
 */
async function nameDocuments(
  tx: Tx,
  wanted: Array<{ folderId: number; name: string; fallback: string }>,
): Promise<Array<string | null>> {
  if (!wanted.length) return [];
  const each = wanted.map(candidates);
  // Every document has the same number of candidates: (document, candidate) is one index in the statement's rows.
  const at = (i: number, j: number) => i * each[0].length + j;
  const asked = wanted.flatMap((w, i) => each[i].map((name, j) => [at(i, j), w.folderId, name])) as Array<
    [number, number, string]
  >;
  const found = await tx.execute<{ i: number; low: string; taken: boolean }>(sql`
    select c.i, lower(c.name) as low, exists (select 1 from documents d where d.folder_id = c.folder
      and d.deleted_at is null and lower(d.name) = lower(c.name)) as taken
    from ${jsonRows(['int', 'int', 'text'], asked)} c(i, folder, name)`);
  const byIndex = new Map(found.rows.map((f) => [Number(f.i), f]));
  const inBatch = new Set<string>();
  return wanted.map((w, i) => {
    const j = each[i].findIndex((_, j) => {
      const f = byIndex.get(at(i, j))!;
      return !f.taken && !inBatch.has(`${w.folderId}:${f.low}`);
    });
    if (j < 0) return null;
    inBatch.add(`${w.folderId}:${byIndex.get(at(i, j))!.low}`);
    return each[i][j];
  });
}

/** The batch's new documents' names; every candidate of one taken fails the batch, which then files row by row. */
export async function nameBatch(
  tx: Tx,
  wanted: Array<{ folderId: number; name: string; fallback: string }>,
): Promise<string[]> {
  const names = await nameDocuments(tx, wanted);
  if (names.some((n) => n === null)) throw new Error('a new document whose every candidate name is taken');
  return names as string[];
}

/** One new document's name as nameDocuments gives it; every candidate taken refuses the row ('Duplicate file name!'). */
export async function nameDocument(
  tx: Tx,
  wanted: { folderId: number; name: string; fallback: string },
): Promise<string> {
  const [name] = await nameDocuments(tx, [wanted]);
  if (name === null) throw new RowRefused(JSON.stringify({ code: 'duplicate_file_name', params: {} }));
  return name;
}

/**
 * Versions as addVersion writes them, for many documents at once: each content locked against the sweep and present
 * in the store, the rows inserted, each document's last one made current, the contents queued for their text.
 * Answers the new versions' ids in the rows' order.
 */
export async function insertVersions(tx: Tx, blobs: BlobStore, rows: VersionInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  await lockBlobs(
    tx,
    rows.map((v) => v.sha256),
  );
  // Missing content: the row-by-row filing then says which row lacks it.
  const present = await Promise.all([...new Set(rows.map((v) => v.sha256))].map((s) => blobs.has(s)));
  if (present.includes(false)) throw new Error('upload_incomplete');
  const got = await insertJson(tx, documentVersions, rows, {
    returning: { id: documentVersions.id, documentId: documentVersions.documentId },
  });
  // PostgreSQL returns an INSERT … SELECT's rows in their order; were it ever not so, row by row instead.
  if (got.some((g, i) => g.documentId !== rows[i].documentId)) throw new Error('versions returned out of order');
  const ids = got.map((g) => g.id);
  const current = new Map<number, number>();
  rows.forEach((v, i) => current.set(v.documentId, ids[i]));
  await tx.execute(sql`update ${documents} set current_version_id = v.version
    from ${jsonRows(['int', 'int'], [...current])} v(doc, version) where ${documents.id} = v.doc`);
  await insertJson(
    tx,
    contentTexts,
    rows.map((v) => ({ sha256: v.sha256, extension: v.extension })),
    { ignoreConflicts: true },
  );
  return ids;
}

/**
 * The rows' trail rows in order. A new document (`made`) that may fulfil an expected item is matched right after its
 * own trail row, as the row-by-row filing does: its links' trail rows follow it, and the next document sees its link.
 */
export async function trailAndRefile(
  tx: Tx,
  actor: TrailActor,
  entries: Array<{ entry: TrailEntry; made: boolean }>,
): Promise<void> {
  const made = entries.filter((e) => e.made).map((e) => Number(e.entry.objectId));
  const fitting = new Set(
    made.length
      ? (
          await tx.execute<{ id: number }>(sql`select distinct d.id from documents d
            join expected_items ei on ${FITS} and ei.state = 'expected'
            where d.id in (select id from ${jsonRows(
              ['int'],
              made.map((id) => [id]),
            )} m(id))`)
        ).rows.map((d) => d.id)
      : [],
  );
  let waiting: TrailEntry[] = [];
  for (const { entry, made: isNew } of entries) {
    waiting.push(entry);
    const docId = Number(entry.objectId);
    if (isNew && fitting.has(docId)) {
      await recordTrails(tx, actor, waiting);
      waiting = [];
      await refileDocuments(tx, actor, [docId]);
    }
  }
  await recordTrails(tx, actor, waiting);
}

/** The rows' states: filed with their document, or failed with why. */
export async function markRows(
  tx: Tx,
  filed: Array<[rowId: number, documentId: number]>,
  failed: Array<{ id: number; error: string }>,
): Promise<void> {
  const r = exchangeImportRows;
  if (filed.length)
    await tx.execute(sql`update ${r} set state = 'filed', document_id = v.doc, error = null
      from ${jsonRows(['int', 'int'], filed)} v(id, doc) where ${r.id} = v.id`);
  if (failed.length)
    await tx.execute(sql`update ${r} set state = 'failed', error = v.error
      from ${jsonRows(
        ['int', 'text'],
        failed.map((f) => [f.id, f.error]),
      )} v(id, error) where ${r.id} = v.id`);
}

/**
 * A batch of rows filed in one go under a savepoint; should any statement of it fail (or `oneByOne`, a test's
 * choice), row by row instead, each under its own savepoint, so a refused row is rolled back alone and marked failed.
 * `filing` answers a row's filing, or the error already known for it (its file missing or changed). Answers whether
 * it went row by row.
 */
export async function fileBatchOrRows<R extends { id: number }>(
  tx: Tx,
  rows: R[],
  opts: {
    oneByOne: boolean;
    batch: (sp: Tx) => Promise<unknown>;
    filing: (row: R) => ((sp: Tx) => Promise<unknown>) | { error: string };
    failed: (row: R, error: string) => Promise<unknown>;
  },
): Promise<boolean> {
  const batched =
    !opts.oneByOne &&
    (await tx.transaction(opts.batch).then(
      () => true,
      () => false,
    ));
  if (batched) return false;
  for (const row of rows) {
    const file = opts.filing(row);
    const error = 'error' in file ? file.error : await tx.transaction(file).then(() => null, rowError);
    if (error) await opts.failed(row, error);
  }
  return true;
}
