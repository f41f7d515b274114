import { DocStatus, TrailType } from '@edoc/contract/enums';
import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import { and, asc, count, eq } from 'drizzle-orm';
import { projectFolders, rightsOfUser } from '../../access/folder-rights.ts';
import { addVersion } from '../../access/versions.ts';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { withPackage, type JobDeps } from '../exchange/ems-import-package.ts';
import { endFiling, filingProgress } from '../exchange/ems-import-end.ts';
import { rowError } from '../exchange/ems-import-store.ts';
import { fileBatchOrRows, nameDocument } from '../exchange/import-batch-steps.ts';
import { refileDocuments } from '../expected/expected-filing.ts';
import { artifactForFolder } from '../tmf-project/tmf-project-map.service.ts';
import { refreshBulkSummary, type BulkOptions } from './bulk-import-summary.ts';
import type { BulkStoredSource, BulkStoredTarget } from './bulk-import-view.ts';
import {
  fileBulkBatch,
  fileNameOf,
  refusal,
  refused,
  versionOf,
  type RowRecord,
  type Run,
} from './bulk-import-batch.ts';

/*
 * The 'bulk-import.file' job (docs/exchange.md part 3), as the EMS import files (ems-import-file.ts): the pending
 * rows in batches, each in one go (bulk-import-batch.ts) or, should that fail, each row under its own savepoint —
 * the document in its artifact's folder with level, country / site, document date, name and one version with its
 * file, one trail row — and the row turned filed in that same transaction, so a crash resumes with the next pending row and nothing is filed twice. importDoc on the row's folder
 * and the row's site are checked against the accepter on every row. Documents start in Editing, as imported ones do.
 */

/** Rows filed per transaction, in one go (bulk-import-batch.ts) or, should that fail, row by row. */
const FILE_BATCH = 25;

async function fileRow(tx: Tx, deps: JobDeps, run: Run, row: RowRecord, blob: StoredBlob) {
  const [locked] = await tx.select().from(exchangeImportRows).where(eq(exchangeImportRows.id, row.id)).for('update');
  if (locked.state !== 'pending') return;
  const src = row.source as BulkStoredSource;
  const t = row.target as BulkStoredTarget;
  const no = refusal(run, t);
  if (no) throw no;
  const folderId = t.folderId!;
  const artifact = await artifactForFolder(tx, folderId);
  const fileName = fileNameOf(src);
  const name = await nameDocument(tx, { folderId, name: t.name, fallback: `${t.name} (${fileName})`.slice(0, 255) });
  const [doc] = await tx
    .insert(documents)
    .values({
      projectId: run.imp.projectId,
      folderId,
      name,
      versionConvention: run.convention,
      status: DocStatus.Editing,
      central: t.level !== 'site',
      siteId: t.level === 'site' ? t.siteId : null,
      countryId: t.level === 'country' ? t.countryId : null,
      artifactId: artifact?.id ?? t.artifactId,
      documentDate: t.documentDate,
      createdBy: run.imp.userId,
    })
    .returning();
  const versionNo = versionOf(run, t);
  await addVersion(tx, deps.blobs, {
    documentId: doc.id,
    versionNo,
    file: { fileName, mimeType: contentTypeOf(extensionOf(fileName)), blob },
    userId: run.imp.userId,
    source: 'import',
  });
  const code = async (table: typeof countries | typeof sites, id: number | null) =>
    id === null ? null : ((await tx.select({ code: table.code }).from(table).where(eq(table.id, id)))[0]?.code ?? null);
  await recordTrail(tx, run.actor, {
    type: TrailType.Create,
    objectType: 'document',
    objectId: doc.id,
    newValue: {
      bulkImported: true,
      importId: run.imp.id,
      filePath: src.path,
      name,
      folderId,
      artifact: artifact?.number ?? null,
      country: await code(countries, doc.countryId),
      site: await code(sites, doc.siteId),
      documentDate: t.documentDate,
      versions: [versionNo],
      docStatus: DocStatus.Editing,
    },
  });
  await refileDocuments(tx, run.actor, [doc.id]);
  await tx
    .update(exchangeImportRows)
    .set({ state: 'filed', documentId: doc.id, error: null })
    .where(eq(exchangeImportRows.id, row.id));
}

/**
 * Files the pending rows of a bulk import in filing; run again after a crash, it goes on with the next pending row.
 * `batch` and `oneByOne` (every batch row by row, as when a batch statement fails) are for tests; so is the count of
 * batches filed row by row it returns.
 */
export async function fileBulkImport(
  deps: JobDeps,
  importId: number,
  { batch = FILE_BATCH, oneByOne = false }: { batch?: number; oneByOne?: boolean } = {},
): Promise<{ rowByRow: number }> {
  const [imp] = await deps.db
    .select()
    .from(exchangeImports)
    .where(
      and(eq(exchangeImports.id, importId), eq(exchangeImports.kind, 'bulk'), eq(exchangeImports.state, 'filing')),
    );
  if (!imp) return { rowByRow: 0 };
  const options = imp.options as BulkOptions;
  const [user] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, imp.userId));
  const [{ convention }] = await deps.db
    .select({ convention: projects.versionConvention })
    .from(projects)
    .where(eq(projects.id, imp.projectId));
  const run: Run = {
    imp,
    actor: { actorId: imp.userId, actorName: user?.name ?? null, projectId: imp.projectId },
    rights: await rightsOfUser(deps.db, imp.projectId, {
      userId: imp.userId,
      rows: await projectFolders(deps.db, imp.projectId, 0),
      fullAccess: Boolean(options.fullAccess),
    }),
    siteIds: options.siteIds ?? null,
    convention,
  };
  const r = exchangeImportRows;
  let rowByRow = 0;
  let fatal: string | null = null;
  await withPackage(deps, imp, async (pkg) => {
    const [{ total }] = await deps.db.select({ total: count() }).from(r).where(eq(r.importId, imp.id));
    for (;;) {
      const rows = await deps.db
        .select()
        .from(r)
        .where(and(eq(r.importId, imp.id), eq(r.state, 'pending')))
        .orderBy(asc(r.rowNo))
        .limit(batch);
      if (rows.length === 0) break;
      // Copied into the blob store before the transaction (content-addressed: a rolled-back row leaves only a blob
      // the sweep removes), its hash held to the preview's.
      const stored = new Map<number, StoredBlob | { error: string }>();
      for (const row of rows) {
        const src = row.source as BulkStoredSource;
        const entry = pkg.entries.get(src.path);
        const blob = entry
          ? await entry.store(deps.blobs).catch((err: unknown) => ({ error: rowError(err) }))
          : { error: rowError(refused('exchange_problem_missing_file', { path: src.path })) };
        const changed = 'sha256' in blob && blob.sha256 !== src.sha256;
        stored.set(
          row.id,
          changed ? { error: rowError(refused('exchange_problem_checksum_mismatch', { path: src.path })) } : blob,
        );
      }
      await deps.db.transaction(async (tx) => {
        const oneByOneNow = await fileBatchOrRows(tx, rows, {
          oneByOne,
          batch: (sp) => fileBulkBatch(sp, deps.blobs, run, rows, stored),
          filing: (row) => {
            const blob = stored.get(row.id)!;
            return 'error' in blob ? blob : (sp) => fileRow(sp, deps, run, row, blob);
          },
          failed: (row, error) => tx.update(r).set({ state: 'failed', error }).where(eq(r.id, row.id)),
        });
        if (oneByOneNow) rowByRow++;
        await filingProgress(tx, imp.id, rows[rows.length - 1].rowNo, total);
      });
    }
  }).catch((err: unknown) => {
    fatal = rowError(err);
  });
  await endFiling(deps, imp, run.actor, fatal, async (tx) => {
    const s = await refreshBulkSummary(tx, imp.id);
    return { sourceSystem: null, objects: s.files, accepted: s.accepted, filed: s.filed, failed: s.failed };
  });
  return { rowByRow };
}

export function createBulkFileHandler(deps: JobDeps): JobHandler<'bulk-import.file'> {
  return async (data) => {
    await fileBulkImport(deps, data.importId);
  };
}
