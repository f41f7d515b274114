import { DocStatus, TrailType } from '@edoc/contract/enums';
import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import type { FolderRights } from '@edoc/contract/permissions';
import { inArray } from 'drizzle-orm';
import { firstVersionNo } from '../../access/versions.ts';
import type { Tx } from '../../db/client.ts';
import { insertJson } from '../../db/json-rows.ts';
import { documents } from '../../db/schema/documents.ts';
import type { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';
import type { TrailActor } from '../../trail/trail.service.ts';
import { RowRefused, rowError } from '../exchange/ems-import-store.ts';
import { insertVersions, lockPending, markRows, nameBatch, trailAndRefile } from '../exchange/import-batch-steps.ts';
import { artifactsForFolders } from '../tmf-project/tmf-project-map.service.ts';
import type { BulkStoredSource, BulkStoredTarget } from './bulk-import-view.ts';

/*
 * A batch of a bulk import's rows filed with one statement per kind, through the steps the EMS import's batches take
 * (exchange/import-batch-steps.ts): what bulk-import-file.ts fileRow leaves for each row — the same refusals, names,
 * document, version, trail row and expected-document links, in the same order — in about a dozen statements a batch
 * instead of a dozen a row. The caller runs it under a savepoint and files the batch row by row should it fail.
 */

type ImportRecord = typeof exchangeImports.$inferSelect;
export type RowRecord = typeof exchangeImportRows.$inferSelect;

/** What a filing run reads once: the import, the accepter (its rights and sites), the project's version naming. */
export interface Run {
  imp: ImportRecord;
  actor: TrailActor;
  rights: Map<number, FolderRights> | null;
  siteIds: number[] | null;
  convention: string;
}

export const refused = (code: string, params: Record<string, string> = {}) =>
  new RowRefused(JSON.stringify({ code, params }));

/** Why the accepter may not file this row (fileRow's checks, in its order), or null. */
export function refusal(run: Run, t: BulkStoredTarget): RowRefused | null {
  if (t.folderId === null) return refused('bulk_problem_no_artifact');
  const r = run.rights?.get(t.folderId);
  if (!r?.isEnabled || !r.docKeys.includes('importDoc')) return refused('forbidden');
  if (t.siteId !== null && run.siteIds && !run.siteIds.includes(t.siteId)) return refused('forbidden');
  return null;
}

/** A file's name in the package: the last part of its path. */
export const fileNameOf = (src: BulkStoredSource) => src.path.split('/').pop()!;

/** The row's version number: the spreadsheet's, or the project's first. */
export const versionOf = (run: Run, t: BulkStoredTarget) => (t.version ?? firstVersionNo(run.convention)).slice(0, 32);

interface Plan {
  row: RowRecord;
  src: BulkStoredSource;
  t: BulkStoredTarget & { folderId: number };
  blob: StoredBlob;
  docId: number;
}

/** Files `rows` (whose files are stored, or failed storing) in one go, or throws. */
export async function fileBulkBatch(
  tx: Tx,
  blobs: BlobStore,
  run: Run,
  rows: RowRecord[],
  stored: Map<number, StoredBlob | { error: string }>,
): Promise<void> {
  const failed: Array<{ id: number; error: string }> = [];
  const pending = await lockPending(
    tx,
    rows.map((row) => row.id),
  );
  const plans: Array<Omit<Plan, 'docId'>> = [];
  for (const row of rows) {
    const blob = stored.get(row.id)!;
    if ('error' in blob) failed.push({ id: row.id, error: blob.error });
    else if (pending.has(row.id)) {
      const t = row.target as BulkStoredTarget;
      const no = refusal(run, t);
      if (no) failed.push({ id: row.id, error: rowError(no) });
      else plans.push({ row, src: row.source as BulkStoredSource, t: { ...t, folderId: t.folderId! }, blob });
    }
  }
  const artifacts = await artifactsForFolders(
    tx,
    plans.map((p) => p.t.folderId),
  );
  const names = await nameBatch(
    tx,
    plans.map((p) => ({
      folderId: p.t.folderId,
      name: p.t.name,
      fallback: `${p.t.name} (${fileNameOf(p.src)})`.slice(0, 255),
    })),
  );
  const docRows = plans.map((p, i) => ({
    projectId: run.imp.projectId,
    folderId: p.t.folderId,
    name: names[i],
    versionConvention: run.convention,
    status: DocStatus.Editing,
    central: p.t.level !== 'site',
    siteId: p.t.level === 'site' ? p.t.siteId : null,
    countryId: p.t.level === 'country' ? p.t.countryId : null,
    artifactId: artifacts.get(p.t.folderId)?.id ?? p.t.artifactId,
    documentDate: p.t.documentDate,
    createdBy: run.imp.userId,
  }));
  const docIds = (await insertJson(tx, documents, docRows, { returning: { id: documents.id } })).map((d) => d.id);
  await insertVersions(
    tx,
    blobs,
    plans.map((p, i) => {
      const fileName = fileNameOf(p.src);
      return {
        documentId: docIds[i],
        versionNo: versionOf(run, p.t),
        sha256: p.blob.sha256,
        size: p.blob.size,
        fileName,
        extension: extensionOf(fileName),
        mimeType: contentTypeOf(extensionOf(fileName)),
        createdBy: run.imp.userId,
        source: 'import',
      };
    }),
  );
  const codes = await placeCodes(tx, docRows);
  await trailAndRefile(
    tx,
    run.actor,
    plans.map((p, i) => ({
      made: true,
      entry: {
        type: TrailType.Create,
        objectType: 'document',
        objectId: docIds[i],
        newValue: {
          bulkImported: true,
          importId: run.imp.id,
          filePath: p.src.path,
          name: names[i],
          folderId: p.t.folderId,
          artifact: artifacts.get(p.t.folderId)?.number ?? null,
          country: codes.country.get(docRows[i].countryId ?? 0) ?? null,
          site: codes.site.get(docRows[i].siteId ?? 0) ?? null,
          documentDate: p.t.documentDate,
          versions: [versionOf(run, p.t)],
          docStatus: DocStatus.Editing,
        },
      },
    })),
  );
  await markRows(
    tx,
    plans.map((p, i) => [p.row.id, docIds[i]]),
    failed,
  );
}

/** The codes of the countries and sites the documents name, for their trail rows. */
async function placeCodes(tx: Tx, docs: Array<{ countryId: number | null; siteId: number | null }>) {
  const of = async (table: typeof countries | typeof sites, ids: number[]) =>
    new Map(
      ids.length
        ? (await tx.select({ id: table.id, code: table.code }).from(table).where(inArray(table.id, ids))).map((r) => [
            r.id,
            r.code,
          ])
        : [],
    );
  const ids = (key: 'countryId' | 'siteId') => [...new Set(docs.flatMap((d) => (d[key] === null ? [] : [d[key]])))];
  return { country: await of(countries, ids('countryId')), site: await of(sites, ids('siteId')) };
}
