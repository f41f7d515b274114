import { DocStatus, TrailType } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { insertJson } from '../../db/json-rows.ts';
import { documents } from '../../db/schema/documents.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { artifactsForFolders } from '../tmf-project/tmf-project-map.service.ts';
import type { StoredTarget } from './ems-import-map.ts';
import { fileVersions, type FilingRun, type Plan, type RowRecord } from './ems-import-batch-parts.ts';
import { placeOf, REFUSED, type Source } from './ems-import-store.ts';
import { lockPending, markRows, nameBatch, trailAndRefile } from './import-batch-steps.ts';

/*
 * A batch of an import's rows filed with one statement per kind (docs/exchange.md, Benchmark; the steps it shares
 * with the bulk import in import-batch-steps.ts): the rows locked, and
 * their documents, versions, blob locks, texts to extract, source signatures and audit records, trail rows and states
 * written for all of them at once, instead of about 20 statements a row. The outcome is the per-row filing's
 * (ems-import-file.ts fileRow): the same refusals, names, versions, expected-document links and trail rows, in the
 * same order. The caller runs it under a savepoint and, should any statement fail (a document the object already
 * has, a blob gone), files the batch row by row instead: each row stays all or nothing.
 */

/** The rows still pending, locked, with the refusals the per-row filing would make (checked here before writing). */
async function planRows(tx: Tx, run: FilingRun, rows: RowRecord[], stored: Map<number, Map<string, StoredBlob>>) {
  const pending = await lockPending(
    tx,
    rows.map((row) => row.id),
  );
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
  const names = await nameBatch(
    tx,
    made.map((p) => ({
      folderId: p.folderId,
      name: p.t.name,
      fallback: `${p.t.name} (${p.row.objectId})`.slice(0, 255),
    })),
  );
  made.forEach((p, i) => (p.docName = names[i]));
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
  await trail(tx, run, plans, versions, artifacts);
  await markRows(
    tx,
    plans.map((p) => [p.row.id, p.docId!]),
    failed,
  );
}

/** Each row's trail row, in row order, a new document matched to the expected items right after its own. */
async function trail(
  tx: Tx,
  run: FilingRun,
  plans: Plan[],
  labels: Map<number, string[]>,
  artifacts: Map<number, { id: number; number: string } | null>,
) {
  const { imp } = run;
  await trailAndRefile(
    tx,
    run.actor,
    plans.map((p) => ({
      made: p.row.decision !== 'new_version',
      entry: {
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
      },
    })),
  );
}
