import { contentTypeOf, extensionOf } from '@edoc/contract/file-rules';
import type { FolderRights } from '@edoc/contract/permissions';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { insertJson } from '../../db/json-rows.ts';
import { documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, exchangeImports, sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import type { TrailActor } from '../../trail/trail.service.ts';
import type { StoredTarget } from './ems-import-map.ts';
import type { JobDeps } from './ems-import-package.ts';
import { instant, type Source } from './ems-import-store.ts';
import { insertVersions } from './import-batch-steps.ts';

/* The parts of filing a batch in one go (ems-import-batch.ts): what a run and a row to file are, and the versions. */

type ImportRecord = typeof exchangeImports.$inferSelect;
export type RowRecord = typeof exchangeImportRows.$inferSelect;
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
export interface Plan {
  row: RowRecord;
  src: Source;
  t: StoredTarget;
  blobs: Map<string, StoredBlob>;
  folderId: number;
  docId: number | null;
  docName: string;
}

/**
 * Each plan's versions not yet filed (a resumed new version skips those its document has), as addVersion writes
 * them, the last one current; with the source's signatures and audit records. Returns the version labels filed.
 */
export async function fileVersions(tx: Tx, run: FilingRun, plans: Plan[]): Promise<Map<number, string[]>> {
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
  const ids = await insertVersions(tx, run.deps.blobs, rows);
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
  await insertJson(tx, sourceSignatures, sigs);
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
  await insertJson(tx, sourceAuditRecords, audits);
  return labels;
}
