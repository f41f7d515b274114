import { DocStatus, TrailType } from '@edoc/contract/enums';
import type { TrailEntry } from '@edoc/contract/trail';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { insertJson, jsonRows } from '../../db/json-rows.ts';
import { documents } from '../../db/schema/documents.ts';
import { exchangeImportRows } from '../../db/schema/exchange.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { recordTrails } from '../../trail/trail.service.ts';
import { FITS, refileDocuments } from '../expected/expected-filing.ts';
import { artifactsForFolders } from '../tmf-project/tmf-project-map.service.ts';
import type { StoredTarget } from './ems-import-map.ts';
import { fileVersions, type FilingRun, type Plan, type RowRecord } from './ems-import-batch-parts.ts';
import { placeOf, REFUSED, type Source } from './ems-import-store.ts';

/*
 * A batch of an import's rows filed with one statement per kind (docs/exchange.md, Benchmark): the rows locked, and
 * their documents, versions, blob locks, texts to extract, source signatures and audit records, trail rows and states
 * written for all of them at once, instead of about 20 statements a row. The outcome is the per-row filing's
 * (ems-import-file.ts fileRow): the same refusals, names, versions, expected-document links and trail rows, in the
 * same order. The caller runs it under a savepoint and, should any statement fail (a document the object already
 * has, a blob gone), files the batch row by row instead: each row stays all or nothing.
 */

/** The rows still pending, locked, with the refusals the per-row filing would make (checked here before writing). */
async function planRows(tx: Tx, run: FilingRun, rows: RowRecord[], stored: Map<number, Map<string, StoredBlob>>) {
  const r = exchangeImportRows;
  const ids = rows.map((row) => row.id);
  const locked = await tx
    .select({ id: r.id, state: r.state })
    .from(r)
    .where(inArray(r.id, ids))
    .orderBy(asc(r.id))
    .for('update');
  const pending = new Set(locked.filter((l) => l.state === 'pending').map((l) => l.id));
  const live = rows.filter((row) => pending.has(row.id));
  const existingIds = live
    .filter((row) => row.decision === 'new_version')
    .map((row) => (row.target as StoredTarget).existingDocumentId ?? 0);
  const existing = new Map(
    (existingIds.length
      ? await tx
          .select()
          .from(documents)
          .where(and(inArray(documents.id, existingIds), eq(documents.projectId, run.imp.projectId)))
      : []
    ).map((d) => [d.id, d]),
  );
  const plans: Plan[] = [];
  const failed: Array<{ id: number; error: string }> = [];
  for (const row of live) {
    const t = row.target as StoredTarget;
    const base = { row, src: row.source as Source, t, blobs: stored.get(row.id)! };
    let plan: Plan;
    if (row.decision === 'new_version') {
      const doc = existing.get(t.existingDocumentId ?? 0);
      if (!doc || doc.deletedAt || doc.folderId === null) {
        failed.push({ id: row.id, error: REFUSED.notFound });
        continue;
      }
      plan = { ...base, folderId: doc.folderId, docId: doc.id, docName: doc.name };
    } else {
      if (t.folderId === null) {
        failed.push({ id: row.id, error: REFUSED.noFolder });
        continue;
      }
      plan = { ...base, folderId: t.folderId, docId: null, docName: t.name };
    }
    const right = run.rights?.get(plan.folderId);
    if (!right?.isEnabled || !right.docKeys.includes('importDoc'))
      failed.push({ id: row.id, error: REFUSED.forbidden });
    else plans.push(plan);
  }
  return { plans, failed };
}

/**
 * The new documents' names: a name its folder already has, or an earlier row of the batch took, gets the object id
 * (as nameTaken decides, PostgreSQL's lower() comparing).
 */
async function nameDocuments(tx: Tx, made: Plan[]) {
  if (!made.length) return;
  const asked = made.flatMap((p, i) => [
    [2 * i, p.folderId, p.t.name],
    [2 * i + 1, p.folderId, `${p.t.name} (${p.row.objectId})`.slice(0, 255)],
  ]) as Array<[number, number, string]>;
  const found = await tx.execute<{ i: number; low: string; taken: boolean }>(sql`
    select c.i, lower(c.name) as low, exists (select 1 from documents d where d.folder_id = c.folder
      and d.deleted_at is null and lower(d.name) = lower(c.name)) as taken
    from ${jsonRows(['int', 'int', 'text'], asked)} c(i, folder, name)`);
  const byIndex = new Map(found.rows.map((f) => [Number(f.i), f]));
  const inBatch = new Set<string>();
  made.forEach((p, i) => {
    const plain = byIndex.get(2 * i)!;
    const taken = plain.taken || inBatch.has(`${p.folderId}:${plain.low}`);
    const chosen = taken ? byIndex.get(2 * i + 1)! : plain;
    p.docName = asked[taken ? 2 * i + 1 : 2 * i][2];
    inBatch.add(`${p.folderId}:${chosen.low}`);
  });
}

/** Files `rows` (whose files are stored) in one go, or throws having written nothing the savepoint keeps. */
export async function fileBatch(
  tx: Tx,
  run: FilingRun,
  rows: RowRecord[],
  stored: Map<number, Map<string, StoredBlob> | { error: string }>,
) {
  const { imp } = run;
  const failed: Array<{ id: number; error: string }> = [];
  const ready = new Map<number, Map<string, StoredBlob>>();
  for (const row of rows) {
    const blobs = stored.get(row.id)!;
    if (blobs instanceof Map) ready.set(row.id, blobs);
    else failed.push({ id: row.id, error: blobs.error });
  }
  const planned = await planRows(
    tx,
    run,
    rows.filter((row) => ready.has(row.id)),
    ready,
  );
  const plans = planned.plans;
  failed.push(...planned.failed);
  const made = plans.filter((p) => p.docId === null);
  const artifacts = await artifactsForFolders(
    tx,
    plans.map((p) => p.folderId),
  );
  await nameDocuments(tx, made);
  if (made.length) {
    const docRows = [];
    for (const p of made) {
      const place = await placeOf(tx, imp, p.src, p.t);
      docRows.push({
        projectId: imp.projectId,
        folderId: p.folderId,
        name: p.docName,
        versionConvention: run.convention,
        status: DocStatus.Editing,
        central: p.t.level !== 'site',
        siteId: place.siteId,
        countryId: p.t.level === 'site' ? null : place.countryId,
        artifactId: artifacts.get(p.folderId)?.id ?? p.t.artifactId,
        documentDate: p.t.documentDate,
        expirationDate: p.t.expiryDate,
        sourceObjectId: p.row.objectId,
        sourceSystem: imp.sourceSystem,
        createdBy: imp.userId,
      });
    }
    const got = await insertJson(tx, documents, docRows, {
      returning: { id: documents.id, objectId: documents.sourceObjectId },
    });
    const ids = new Map(got.map((g) => [g.objectId, g.id]));
    for (const p of made) p.docId = ids.get(p.row.objectId)!;
  }
  const versions = await fileVersions(tx, run, plans);
  await trailAndRefile(tx, run, plans, versions, artifacts);
  const r = exchangeImportRows;
  if (plans.length)
    await tx.execute(sql`update ${r} set state = 'filed', document_id = v.doc, error = null
      from ${jsonRows(
        ['int', 'int'],
        plans.map((p) => [p.row.id, p.docId]),
      )} v(id, doc) where ${r.id} = v.id`);
  if (failed.length)
    await tx.execute(sql`update ${r} set state = 'failed', error = v.error
      from ${jsonRows(
        ['int', 'text'],
        failed.map((f) => [f.id, f.error]),
      )} v(id, error) where ${r.id} = v.id`);
}

/**
 * Each row's trail row, in row order; a new document that may fulfil an expected item is matched right after its own
 * trail row, as the per-row filing does (its links' trail rows follow it, and the next document sees its link).
 */
async function trailAndRefile(
  tx: Tx,
  run: FilingRun,
  plans: Plan[],
  labels: Map<number, string[]>,
  artifacts: Map<number, { id: number; number: string } | null>,
) {
  const { imp } = run;
  const made = plans.filter((p) => p.row.decision !== 'new_version').map((p) => p.docId!);
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
  for (const p of plans) {
    waiting.push({
      type: TrailType.Create,
      objectType: 'document',
      objectId: p.docId!,
      newValue: {
        imported: true,
        importId: imp.id,
        sourceSystem: imp.sourceSystem,
        sourceObjectId: p.row.objectId,
        name: p.docName,
        folderId: p.folderId,
        artifact: artifacts.get(p.folderId)?.number ?? null,
        versions: labels.get(p.row.id)!,
        docStatus: DocStatus.Editing,
      },
    });
    if (p.row.decision !== 'new_version' && fitting.has(p.docId!)) {
      await recordTrails(tx, run.actor, waiting);
      waiting = [];
      await refileDocuments(tx, run.actor, [p.docId!]);
    }
  }
  await recordTrails(tx, run.actor, waiting);
}
