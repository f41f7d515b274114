import { DocStatus, TrailType } from '@edoc/contract/enums';
import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import { and, asc, eq } from 'drizzle-orm';
import { projectFolders, rightsOfUser } from '../../access/folder-rights.ts';
import { addVersion } from '../../access/versions.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports, sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Tx } from '../../db/client.ts';
import type { JobDeps } from './ems-import-package.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { refileDocuments } from '../expected/expected-filing.ts';
import { artifactForFolder } from '../tmf-project/tmf-project-map.service.ts';
import type { StoredTarget } from './ems-import-map.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { withPackage } from './ems-import-package.ts';
import { instant, placeOf, REFUSED, RowRefused, rowError, storeFiles, type Source } from './ems-import-store.ts';
import { packageFailed } from './ems-package.ts';
import { refreshSummary } from './ems-import-summary.ts';
import { endFiling, filingProgress } from './ems-import-end.ts';
import { inLanes } from './ems-lanes.ts';
import { fileBatch } from './ems-import-batch.ts';
import { fileBatchOrRows, nameDocument } from './import-batch-steps.ts';
import type { FilingRun } from './ems-import-batch-parts.ts';

/*
 * The 'exchange.file' job (docs/exchange.md, part 2): the accepted rows filed in batches, each row with its document,
 * versions, the source's signatures and audit records and one edoc trail row, and turned filed in that same
 * transaction, so a crash resumes with the next pending rows and nothing is filed twice
 * (document_versions.source_unique_id guards a version too). A batch is filed in one go (ems-import-batch.ts); when
 * that fails, row by row here, each row under its own savepoint. Imported documents start in Editing: see the doc.
 */

type RowRecord = typeof exchangeImportRows.$inferSelect;

async function fileRow(tx: Tx, run: FilingRun, row: RowRecord, blobs: Map<string, StoredBlob>) {
  const { deps, imp, rights, actor, convention } = run;
  const [locked] = await tx.select().from(exchangeImportRows).where(eq(exchangeImportRows.id, row.id)).for('update');
  if (locked.state !== 'pending') return;
  const src = row.source as Source;
  const t = row.target as StoredTarget;
  let docId: number;
  let docName: string;
  let folderId: number;
  let artifact: { id: number; number: string } | null;
  if (row.decision === 'new_version') {
    const [doc] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, t.existingDocumentId ?? 0), eq(documents.projectId, imp.projectId)));
    if (!doc || doc.deletedAt || doc.folderId === null) throw new RowRefused(REFUSED.notFound);
    [docId, docName, folderId] = [doc.id, doc.name, doc.folderId];
    artifact = await artifactForFolder(tx, folderId);
  } else {
    if (t.folderId === null) throw new RowRefused(REFUSED.noFolder);
    folderId = t.folderId;
    const place = await placeOf(tx, imp, src, t);
    artifact = await artifactForFolder(tx, folderId);
    // A name the folder already has gets the object id: the package's title stays recognisable.
    docName = await nameDocument(tx, { folderId, name: t.name, fallback: `${t.name} (${row.objectId})`.slice(0, 255) });
    const [doc] = await tx
      .insert(documents)
      .values({
        projectId: imp.projectId,
        folderId,
        name: docName,
        versionConvention: convention,
        status: DocStatus.Editing,
        central: t.level !== 'site',
        siteId: place.siteId,
        countryId: t.level === 'site' ? null : place.countryId,
        artifactId: artifact?.id ?? t.artifactId,
        documentDate: t.documentDate,
        expirationDate: t.expiryDate,
        sourceObjectId: row.objectId,
        sourceSystem: imp.sourceSystem,
        createdBy: imp.userId,
      })
      .returning();
    docId = doc.id;
  }
  const r = rights?.get(folderId);
  if (!r?.isEnabled || !r.docKeys.includes('importDoc')) throw new RowRefused(REFUSED.forbidden);
  const done = new Set(
    (
      await tx
        .select({ u: documentVersions.sourceUniqueId })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, docId))
    ).map((v) => v.u),
  );
  const filed: string[] = [];
  for (const v of src.versions) {
    const blob = blobs.get(v.uniqueId);
    if (!blob || done.has(v.uniqueId)) continue;
    const file = v.files[0];
    const version = await addVersion(tx, deps.blobs, {
      documentId: docId,
      versionNo: v.version.slice(0, 32),
      file: { fileName: file.fileName, mimeType: contentTypeOf(extensionOf(file.fileName)), blob },
      userId: imp.userId,
      source: 'import',
    });
    await tx.update(documentVersions).set({ sourceUniqueId: v.uniqueId }).where(eq(documentVersions.id, version.id));
    const common = {
      projectId: imp.projectId,
      documentId: docId,
      versionId: version.id,
      importId: imp.id,
      sourceSystem: imp.sourceSystem ?? '',
    };
    if (v.sigs.length)
      await tx.insert(sourceSignatures).values(
        v.sigs.map((s) => ({
          ...common,
          methodology: s.methodology,
          userOid: s.userOid,
          name: s.name,
          reason: s.reason,
          signedAt: instant(s.at),
        })),
      );
    if (v.audits.length)
      await tx.insert(sourceAuditRecords).values(
        v.audits.map((a) => ({
          ...common,
          auditId: a.auditId,
          at: instant(a.at),
          userRef: a.userRef,
          entryType: a.entryType,
          event: a.event,
        })),
      );
    filed.push(v.version);
  }
  await recordTrail(tx, actor, {
    type: TrailType.Create,
    objectType: 'document',
    objectId: docId,
    newValue: {
      imported: true,
      importId: imp.id,
      sourceSystem: imp.sourceSystem,
      sourceObjectId: row.objectId,
      name: docName,
      folderId,
      artifact: artifact?.number ?? null,
      versions: filed,
      docStatus: DocStatus.Editing,
    },
  });
  if (row.decision !== 'new_version') await refileDocuments(tx, actor, [docId]);
  await tx
    .update(exchangeImportRows)
    .set({ state: 'filed', documentId: docId, error: null })
    .where(eq(exchangeImportRows.id, row.id));
}

/**
 * Rows filed per transaction: one commit (and one wait for the disk) per batch, and one statement of each kind
 * (ems-import-batch.ts), instead of per document.
 */
const FILE_BATCH = 100;

/** Rows whose files are copied into the store at once: one's read and hashing overlap another's write. */
const STORING = 4;

/**
 * Files the pending rows of an import in filing; run again after a crash, it goes on with the next pending row.
 * `batch` and `oneByOne` (every batch row by row, as when a batch statement fails) are for tests; so is the count
 * of batches filed row by row it returns.
 */
export async function fileImport(
  deps: JobDeps,
  importId: number,
  { batch = FILE_BATCH, oneByOne = false }: { batch?: number; oneByOne?: boolean } = {},
): Promise<{ rowByRow: number }> {
  const [imp] = await deps.db
    .select()
    .from(exchangeImports)
    .where(and(eq(exchangeImports.id, importId), eq(exchangeImports.state, 'filing')));
  if (!imp) return { rowByRow: 0 };
  const [user] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, imp.userId));
  const actor: TrailActor = { actorId: imp.userId, actorName: user?.name ?? null, projectId: imp.projectId };
  const fullAccess = Boolean((imp.options as { fullAccess?: boolean }).fullAccess);
  const [{ convention }] = await deps.db
    .select({ convention: projects.versionConvention })
    .from(projects)
    .where(eq(projects.id, imp.projectId));
  // The accepter's rights, read once per run: checked on every row's folder in its transaction.
  const rights = await rightsOfUser(deps.db, imp.projectId, {
    userId: imp.userId,
    rows: await projectFolders(deps.db, imp.projectId, 0),
    fullAccess,
  });
  const run: FilingRun = { deps, imp, rights, actor, convention };
  let rowByRow = 0;
  let fatal: string | null = null;
  await withPackage(deps, imp, async (pkg) => {
    const total = (
      await deps.db
        .select({ id: exchangeImportRows.id })
        .from(exchangeImportRows)
        .where(eq(exchangeImportRows.importId, imp.id))
    ).length;
    for (;;) {
      const rows = await deps.db
        .select()
        .from(exchangeImportRows)
        .where(and(eq(exchangeImportRows.importId, imp.id), eq(exchangeImportRows.state, 'pending')))
        .orderBy(asc(exchangeImportRows.rowNo))
        .limit(batch);
      if (rows.length === 0) break;
      // Files are copied into the blob store before the transaction (content-addressed: a rolled-back row leaves
      // only a blob the sweep removes); the batch then files in one go or row by row, each row under its own
      // savepoint, so a refused row is rolled back alone and marked failed, and the batch commits with its rows'
      // states (resumable by batch).
      const stored = new Map<number, Map<string, StoredBlob> | { error: string }>();
      await inLanes(rows, STORING, async (row) =>
        stored.set(
          row.id,
          await storeFiles(deps, pkg, row.source as Source).catch((err: unknown) => ({ error: rowError(err) })),
        ),
      );
      await deps.db.transaction(async (tx) => {
        const oneByOneNow = await fileBatchOrRows(tx, rows, {
          oneByOne,
          batch: (sp) => fileBatch(sp, run, rows, stored),
          filing: (row) => {
            const blobs = stored.get(row.id)!;
            return blobs instanceof Map ? (sp) => fileRow(sp, run, row, blobs) : blobs;
          },
          failed: (row, error) =>
            tx.update(exchangeImportRows).set({ state: 'failed', error }).where(eq(exchangeImportRows.id, row.id)),
        });
        if (oneByOneNow) rowByRow++;
        await filingProgress(tx, imp.id, rows[rows.length - 1].rowNo, total);
      });
    }
  }).catch((err: unknown) => {
    fatal = JSON.stringify(packageFailed(err));
  });
  await endFiling(deps, imp, actor, fatal, async (tx) => {
    const s = await refreshSummary(tx, imp.id);
    return {
      sourceSystem: imp.sourceSystem,
      objects: s.objects,
      accepted: s.accepted,
      filed: s.filed,
      failed: s.failed,
    };
  });
  return { rowByRow };
}

export function createFileHandler(deps: JobDeps): JobHandler<'exchange.file'> {
  return async (data) => {
    await fileImport(deps, data.importId);
  };
}
