import { DocStatus, TrailType } from '@edoc/contract/enums';
import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import type { FolderRights } from '@edoc/contract/permissions';
import type { TrailEntry } from '@edoc/contract/trail';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports, sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import { contentTexts } from '../../db/schema/search.ts';
import { lockBlobs } from '../../storage/blob-sweep.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { recordTrails, type TrailActor } from '../../trail/trail.service.ts';
import { FITS, refileDocuments } from '../expected/expected-filing.ts';
import { artifactsForFolders } from '../tmf-project/tmf-project-map.service.ts';
import type { StoredTarget } from './ems-import-map.ts';
import type { JobDeps } from './ems-import-package.ts';
import { instant, placeOf, REFUSED, type Source } from './ems-import-store.ts';

/*
 * A batch of an import's rows filed with one statement per kind (docs/exchange.md, Benchmark): the rows locked, and
 * their documents, versions, blob locks, texts to extract, source signatures and audit records, trail rows and states
 * written for all of them at once, instead of about 20 statements a row. The outcome is the per-row filing's
 * (ems-import-file.ts fileRow): the same refusals, names, versions, expected-document links and trail rows, in the
 * same order. The caller runs it under a savepoint and, should any statement fail (a document the object already
 * has, a blob gone), files the batch row by row instead: each row stays all or nothing.
 */

type ImportRecord = typeof exchangeImports.$inferSelect;
type RowRecord = typeof exchangeImportRows.$inferSelect;
type VersionInsert = typeof documentVersions.$inferInsert;

/** What a filing run reads once: the import, the accepter's rights and name, the project's version naming. */
export interface FilingRun {
  deps: JobDeps;
  imp: ImportRecord;
  rights: Map<number, FolderRights> | null;
  actor: TrailActor;
  convention: string;
}

/** A row to file: its document (made here unless it is a new version of one) and what it files. */
interface Plan {
  row: RowRecord;
  src: Source;
  t: StoredTarget;
  blobs: Map<string, StoredBlob>;
  folderId: number;
  docId: number | null;
  docName: string;
}

/** Rows per multi-row insert: far under PostgreSQL's 65,535 parameters for any of these tables. */
const CHUNK = 1000;
const chunked = async <T>(items: T[], write: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += CHUNK) await write(items.slice(i, i + CHUNK));
};
/** A VALUES list of `rows`, each column cast to its type (PostgreSQL cannot infer a parameter's type there). */
const values = (types: string[], rows: Array<Array<string | number | null>>) =>
  sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          r.map((v, i) => sql`${v}::${sql.raw(types[i])}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

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
    from (values ${values(['int', 'int', 'text'], asked)}) c(i, folder, name)`);
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
    const ids = new Map<string | null, number>();
    await chunked(docRows, async (part) => {
      const got = await tx
        .insert(documents)
        .values(part)
        .returning({ id: documents.id, objectId: documents.sourceObjectId });
      for (const g of got) ids.set(g.objectId, g.id);
    });
    for (const p of made) p.docId = ids.get(p.row.objectId)!;
  }
  const versions = await fileVersions(tx, run, plans);
  await trailAndRefile(tx, run, plans, versions, artifacts);
  const r = exchangeImportRows;
  if (plans.length)
    await tx.execute(sql`update ${r} set state = 'filed', document_id = v.doc, error = null
      from (values ${values(
        ['int', 'int'],
        plans.map((p) => [p.row.id, p.docId]),
      )}) v(id, doc) where ${r.id} = v.id`);
  if (failed.length)
    await tx.execute(sql`update ${r} set state = 'failed', error = v.error
      from (values ${values(
        ['int', 'text'],
        failed.map((f) => [f.id, f.error]),
      )}) v(id, error) where ${r.id} = v.id`);
}

/**
 * Each plan's versions not yet filed (a resumed new version skips those its document has), as addVersion writes
 * them, the last one current; with the source's signatures and audit records. Returns the version labels filed.
 */
async function fileVersions(tx: Tx, run: FilingRun, plans: Plan[]): Promise<Map<number, string[]>> {
  const { imp } = run;
  const olderIds = plans.filter((p) => p.row.decision === 'new_version').map((p) => p.docId!);
  const done = new Set(
    (olderIds.length
      ? await tx
          .select({ d: documentVersions.documentId, u: documentVersions.sourceUniqueId })
          .from(documentVersions)
          .where(inArray(documentVersions.documentId, olderIds))
      : []
    ).map((v) => `${v.d}:${v.u}`),
  );
  const labels = new Map<number, string[]>();
  const rows: VersionInsert[] = [];
  const sources: Array<{ plan: Plan; v: Source['versions'][number] }> = [];
  for (const p of plans) {
    labels.set(p.row.id, []);
    for (const v of p.src.versions) {
      const blob = p.blobs.get(v.uniqueId);
      if (!blob || done.has(`${p.docId}:${v.uniqueId}`)) continue;
      const fileName = v.files[0].fileName;
      rows.push({
        documentId: p.docId!,
        versionNo: v.version.slice(0, 32),
        sha256: blob.sha256,
        size: blob.size,
        fileName,
        extension: extensionOf(fileName),
        mimeType: contentTypeOf(extensionOf(fileName)),
        createdBy: imp.userId,
        source: 'import',
        sourceUniqueId: v.uniqueId,
      });
      sources.push({ plan: p, v });
      labels.get(p.row.id)!.push(v.version);
    }
  }
  if (!rows.length) return labels;
  // As addVersion: each content locked against the sweep, then present in the store (else the row-by-row filing
  // says which row lacks it).
  await lockBlobs(
    tx,
    rows.map((v) => v.sha256),
  );
  const present = await Promise.all([...new Set(rows.map((v) => v.sha256))].map((s) => run.deps.blobs.has(s)));
  if (present.includes(false)) throw new Error('upload_incomplete');
  const ids: number[] = [];
  await chunked(rows, async (part) => {
    const got = await tx.insert(documentVersions).values(part).returning({ id: documentVersions.id });
    ids.push(...got.map((g) => g.id));
  });
  const current = new Map<number, number>();
  rows.forEach((v, i) => current.set(v.documentId, ids[i]));
  await tx.execute(sql`update ${documents} set current_version_id = v.version
    from (values ${values(['int', 'int'], [...current])}) v(doc, version) where ${documents.id} = v.doc`);
  await tx
    .insert(contentTexts)
    .values(rows.map((v) => ({ sha256: v.sha256, extension: v.extension })))
    .onConflictDoNothing();
  const common = (i: number) => ({
    projectId: imp.projectId,
    documentId: rows[i].documentId,
    versionId: ids[i],
    importId: imp.id,
    sourceSystem: imp.sourceSystem ?? '',
  });
  const sigs = sources.flatMap(({ v }, i) =>
    v.sigs.map((s) => ({
      ...common(i),
      methodology: s.methodology,
      userOid: s.userOid,
      name: s.name,
      reason: s.reason,
      signedAt: instant(s.at),
    })),
  );
  await chunked(sigs, (part) => tx.insert(sourceSignatures).values(part));
  const audits = sources.flatMap(({ v }, i) =>
    v.audits.map((a) => ({
      ...common(i),
      auditId: a.auditId,
      at: instant(a.at),
      userRef: a.userRef,
      entryType: a.entryType,
      event: a.event,
    })),
  );
  await chunked(audits, (part) => tx.insert(sourceAuditRecords).values(part));
  return labels;
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
            where d.id in (${sql.join(
              made.map((id) => sql`${id}`),
              sql`, `,
            )})`)
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
