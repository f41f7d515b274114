import type { DocumentSource } from '@edoc/contract/exchange-import';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { folderRights } from '../../access/folder-rights.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { exchangeImportRows, sourceAuditRecords, sourceSignatures } from '../../db/schema/exchange.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';

const AUDIT_MAX = 1000;

/**
 * GET /file/source/:id: a document's facts from its source system — the import that brought it, the signatures and
 * audit records that system kept — for anyone who may view the document (its folder's viewDoc, its site).
 */
export async function documentSourceOf(deps: Deps, ctx: ProjectContext, id: number): Promise<DocumentSource> {
  return deps.db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, id),
          eq(documents.projectId, ctx.projectId),
          isNull(documents.deletedAt),
          siteFilter(await visibleSites(tx, ctx)),
        ),
      );
    if (!doc) fail('not_found');
    const { rights } = await folderRights(tx, ctx, undefined);
    const r = doc.folderId === null ? undefined : rights.get(doc.folderId);
    if (!r?.isEnabled || !r.docKeys.includes('viewDoc')) fail('not_found');
    const [row] = await tx
      .select({ importId: exchangeImportRows.importId })
      .from(exchangeImportRows)
      .where(and(eq(exchangeImportRows.documentId, doc.id), eq(exchangeImportRows.state, 'filed')))
      .limit(1);
    const sigs = await tx
      .select({ s: sourceSignatures, versionNo: documentVersions.versionNo })
      .from(sourceSignatures)
      .leftJoin(documentVersions, eq(documentVersions.id, sourceSignatures.versionId))
      .where(eq(sourceSignatures.documentId, doc.id))
      .orderBy(asc(sourceSignatures.id));
    const audits = await tx
      .select({ a: sourceAuditRecords, versionNo: documentVersions.versionNo })
      .from(sourceAuditRecords)
      .leftJoin(documentVersions, eq(documentVersions.id, sourceAuditRecords.versionId))
      .where(eq(sourceAuditRecords.documentId, doc.id))
      .orderBy(asc(sourceAuditRecords.at), asc(sourceAuditRecords.id))
      .limit(AUDIT_MAX);
    const [{ total }] = await tx
      .select({ total: count() })
      .from(sourceAuditRecords)
      .where(eq(sourceAuditRecords.documentId, doc.id));
    return {
      documentId: doc.id,
      sourceSystem: doc.sourceSystem,
      sourceObjectId: doc.sourceObjectId,
      importId: row?.importId ?? null,
      signatures: sigs.map(({ s, versionNo }) => ({
        id: s.id,
        versionNo,
        methodology: s.methodology,
        userOid: s.userOid,
        name: s.name,
        reason: s.reason,
        signedAt: s.signedAt?.toISOString() ?? null,
      })),
      auditRecords: audits.map(({ a, versionNo }) => ({
        id: a.id,
        versionNo,
        auditId: a.auditId,
        at: a.at?.toISOString() ?? null,
        userRef: a.userRef,
        entryType: a.entryType,
        event: a.event,
      })),
      auditTotal: total,
    };
  });
}
