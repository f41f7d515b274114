import type { CertifiedCopyShown, CertifyBody } from '@edoc/contract/certified-copy';
import { TrailType } from '@edoc/contract/enums';
import type { Tx } from '../../db/client.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { documentOfVersion, loadDocumentFor, lockDocumentFor, versionOf } from '../../access/document-access.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { signVersion, verifySigner } from '../workflow/e-signature.service.ts';
import { certifiedCopiesOf, pagesOf } from './certified-copy-read.ts';
import { requireAllPagesChecked, requireCertifiable } from './certified-copy.policy.ts';

/** certifyDoc on the document's folder (viewDoc too: the certifier looked at every page). */
const KEYS = ['viewDoc', 'certifyDoc'] as const;

/** The document and version to certify, if the caller may certify it now (read, or locked for the change). */
async function certifiable(tx: Tx, ctx: ProjectContext, versionId: number, lock: boolean) {
  const fileId = await documentOfVersion(tx, ctx, versionId);
  const { doc } = lock
    ? await lockDocumentFor(tx, ctx, fileId, [...KEYS])
    : await loadDocumentFor(tx, ctx, fileId, [...KEYS]);
  const version = await versionOf(tx, doc.id, versionId);
  const certified = (await certifiedCopiesOf(tx, [version.id])).has(version.id);
  requireCertifiable({ current: version.id === doc.currentVersionId, certified });
  return { doc, version };
}

/**
 * Certifies a version as a copy of its paper original (issue 28 part 4, ICH E6 R3). The checks that cost nothing
 * come first, then the pages against the PDF's, then the signer's password (verifySigner, as the workflow's signing:
 * a wrong one counts towards the lock), so a refused request spends no password attempt it need not. Under the
 * document's lock, checked again: the e-signature row of meaning certifiedCopy over the content's sha256, the
 * certified_copies row and the trail row, in one transaction.
 */
export async function certifyVersion(
  deps: Deps,
  ctx: ProjectContext,
  versionId: number,
  body: CertifyBody,
): Promise<CertifiedCopyShown> {
  const { version } = await deps.db.transaction((tx) => certifiable(tx, ctx, versionId, false));
  const pages = await pagesOf(deps, version);
  requireAllPagesChecked(body.pagesChecked, pages);
  const signer = await verifySigner(deps, ctx, body.signature);
  return deps.db.transaction(async (tx) => {
    const { doc, version: v } = await certifiable(tx, ctx, versionId, true);
    const signature = await signVersion(tx, ctx, {
      doc,
      version: v,
      stageAssigneeId: null,
      meaning: 'certifiedCopy',
      signer,
    });
    const [row] = await tx
      .insert(certifiedCopies)
      .values({
        versionId: v.id,
        documentId: doc.id,
        projectId: ctx.projectId,
        signatureId: signature.id,
        certifiedBy: ctx.auth.user.id,
        certifiedAt: signature.signedAt,
        sha256: v.sha256,
        pages,
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      version: v.versionNo,
      newValue: { certifiedCopy: true, versionNo: v.versionNo, contentSha256: v.sha256, pages },
    });
    return { by: ctx.auth.user.name, at: row.certifiedAt.toISOString(), sha256: row.sha256, pages: row.pages };
  });
}
