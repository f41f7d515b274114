import type { CertifiedCopyShown, CertifyOffer } from '@edoc/contract/certified-copy';
import type { FolderRights } from '@edoc/contract/permissions';
import { RenditionState } from '@edoc/contract/states';
import { viewKindOf } from '@edoc/contract/viewer';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { buffer } from 'node:stream/consumers';
import type { Tx } from '../../db/client.ts';
import { renditions, type documentVersions } from '../../db/schema/documents.ts';
import { certifiedCopies } from '../../db/schema/exchange.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { signedInSession } from '../../access/workflow-state.ts';

type Version = typeof documentVersions.$inferSelect;

/** The certifications of these versions, by version id, as every list and the viewer show them. */
export async function certifiedCopiesOf(tx: Tx, versionIds: number[]): Promise<Map<number, CertifiedCopyShown>> {
  if (versionIds.length === 0) return new Map();
  const rows = await tx
    .select({ c: certifiedCopies, by: users.name })
    .from(certifiedCopies)
    .innerJoin(users, eq(users.id, certifiedCopies.certifiedBy))
    .where(inArray(certifiedCopies.versionId, versionIds));
  return new Map(rows.map(({ c, by }) => [c.versionId, certifiedShown(c, by)]));
}

/** A certification as lists and the viewer show it; `by` is the certifier's name. */
export const certifiedShown = (
  c: Pick<typeof certifiedCopies.$inferSelect, 'certifiedAt' | 'sha256' | 'pages'>,
  by: string | null,
): CertifiedCopyShown => ({ by: by ?? '', at: c.certifiedAt.toISOString(), sha256: c.sha256, pages: c.pages });

/**
 * Page counts by the PDF's sha256. Content never changes under its hash, so a count once read stays true; kept
 * small, since the viewer asks for it each time a certifier opens a document.
 */
const pageCounts = new Map<string, number>();
const PAGE_COUNTS_KEPT = 500;

/**
 * The pages of a version as the viewer shows them for checking: a PDF's own, an Office file's rendition's. Anything
 * else (an image, text, a file the viewer cannot show) has no pages to check against a paper original.
 */
export async function pagesOf(deps: Deps, version: Pick<Version, 'sha256' | 'extension'>): Promise<number> {
  const kind = viewKindOf(version.extension);
  let pdfSha256: string | null = null;
  if (kind === 'pdf') pdfSha256 = version.sha256;
  if (kind === 'office') {
    const [row] = await deps.db.select().from(renditions).where(eq(renditions.sourceSha256, version.sha256));
    if (row && (row.state === RenditionState.Waiting || row.state === RenditionState.Converting))
      fail('rendition_not_ready');
    if (row?.state === RenditionState.Done) pdfSha256 = row.pdfSha256;
  }
  if (!pdfSha256) return fail('certify_not_paged');
  const known = pageCounts.get(pdfSha256);
  if (known !== undefined) return known;
  let pages = 0;
  try {
    const pdf = await PDFDocument.load(await buffer(await deps.blobs.get(pdfSha256)), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    pages = pdf.getPageCount();
  } catch {
    // Stored but not readable as a PDF: the viewer cannot show its pages either.
  }
  if (pages < 1) fail('certify_not_paged');
  if (pageCounts.size >= PAGE_COUNTS_KEPT) pageCounts.delete(pageCounts.keys().next().value!);
  pageCounts.set(pdfSha256, pages);
  return pages;
}

/**
 * The viewer's offer to certify the version it shows: the pages to check and whether the signing needs the e-mail,
 * or null when the caller may not certify it now (no certifyDoc on the folder, not the current version, already
 * certified, no pages to check). Read with the document the viewer answers, so the button matches the route.
 */
export async function certifyOfferOf(
  tx: Tx,
  deps: Deps,
  ctx: ProjectContext,
  what: {
    doc: { currentVersionId: number | null };
    rights: FolderRights | undefined;
    version: Version;
    certified: boolean;
  },
): Promise<CertifyOffer | null> {
  if (!what.rights?.isEnabled || !what.rights.docKeys.includes('certifyDoc')) return null;
  if (what.certified || what.version.id !== what.doc.currentVersionId) return null;
  const kind = viewKindOf(what.version.extension);
  if (kind !== 'pdf' && kind !== 'office') return null;
  const pages = await pagesOf(deps, what.version).catch(() => null);
  if (pages === null) return null;
  return { pages, needsEmail: !(await signedInSession(tx, ctx)) };
}
