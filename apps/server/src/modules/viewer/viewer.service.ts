import { contentTypeOf } from '@edoc/contract/file-rules';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { RenditionState } from '@edoc/contract/states';
import { viewKindOf, type FileDetail, type ViewKind, type ViewState } from '@edoc/contract/viewer';
import { WORKFLOW_ACTIONS } from '@edoc/contract/workflow';
import type { Tx } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { documentOfVersion, loadDocumentFor, versionOf } from '../../access/document-access.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { blobSize, ensureRendition, renditionState } from './rendition.service.ts';
import { workflowOf } from '../../access/workflow-state.ts';
import { currentEntry, fromLibraryOr, libraryActionsOf, pendingDeletionOf } from '../../access/library-access.ts';
import { stamping } from '../seal/stamp-limit.ts';
import { stampedImage, stampedPdf, stampedText, type Watermark } from './watermark.ts';
import { appendESignaturePage, eSignaturesOf } from '../seal/e-signature-page.ts';
import { signedPdf } from '../seal/signed-copy.ts';
import type { PDFDocument } from 'pdf-lib';
import { certifiedCopiesOf, certifyOfferOf } from '../certified-copy/certified-copy-read.ts';

/** The document and its keys, for a caller who must hold viewDoc: otherwise 'no permission to view this file'. */
/**
 * The document and version the caller may view: from the workspace (viewDoc on its folder), or else from the library
 * (issue 11: a reader with library viewDoc sees the archived versions, and only those).
 */
async function viewable(tx: Tx, ctx: ProjectContext, fileId: number, fileVersionId?: number) {
  try {
    const loaded = await loadDocumentFor(tx, ctx, fileId, []);
    if (!loaded.rights.docKeys.includes('viewDoc')) fail('no_permission_view_file');
    return { ...loaded, version: await versionOf(tx, loaded.doc.id, fileVersionId) };
  } catch (err) {
    return fromLibraryOr(tx, ctx, { err, key: 'viewDoc', fileId, fileVersionId });
  }
}

/** A live version of a live document of the caller's project that the caller may view. */
export async function viewableVersion(tx: Tx, ctx: ProjectContext, fileVersionId: number) {
  const { doc, rights, version } = await viewable(
    tx,
    ctx,
    await documentOfVersion(tx, ctx, fileVersionId),
    fileVersionId,
  );
  return { doc, rights, version, kind: viewKindOf(version.extension) };
}

/**
 * The viewer's state of a version. `open` is the viewer opening it (GET /minio/file/state): that is the one
 * view recorded in the trail (type 11), and it may retry a conversion that failed a while ago. Polling
 * (GET /minio/file/process) only reports, and range requests for the content record nothing, so one open is
 * one trail row however pdf.js fetches the bytes. An Office file without a rendition gets one queued.
 */
export async function viewState(
  deps: Deps,
  ctx: ProjectContext,
  { fileVersionId, open }: { fileVersionId: number; open: boolean },
): Promise<ViewState> {
  const { version, kind } = await deps.db.transaction(async (tx) => {
    const loaded = await viewableVersion(tx, ctx, fileVersionId);
    if (open && loaded.kind) {
      await recordTrail(tx, ctx.actor, {
        type: TrailType.View,
        objectType: 'document',
        objectId: loaded.doc.id,
        version: loaded.version.versionNo,
        newValue: { action: 'view', fileVersionId: loaded.version.id, sha256: loaded.version.sha256 },
      });
    }
    return loaded;
  });
  if (!kind) return { state: 'unsupported', kind: null };
  if (kind !== 'office') return { state: 'ready', kind };
  // After the commit: the worker must not look for the row before it exists.
  const row = await ensureRendition(deps, version, { retryFailed: open });
  return renditionState(row);
}

/** What GET /file/view streams: the blob, its size and the content type chosen by us, never by the uploader. */
export interface ViewContent {
  sha256: string;
  size: number;
  contentType: string;
  fileName: string;
  kind: ViewKind;
}

/**
 * GET /file/view/{id}: with downDoc, the stored bytes (by range); without it, only a copy with the watermark burned
 * in (issue 9: view is not download) — the original never leaves the server for such a viewer. A signed version's PDF
 * (or rendition) is shown with its signature page either way: made for the request (`made`), stamped too without
 * downDoc, and with downDoc PAdES-signed as its download is.
 */
export async function viewBytes(
  deps: Deps,
  ctx: ProjectContext,
  fileVersionId: number,
): Promise<{ content: ViewContent; made: Buffer | null }> {
  const { content, canDownload, doc, version } = await viewContent(deps, ctx, fileVersionId);
  const isPdf = content.contentType === 'application/pdf';
  if (canDownload) {
    const signed = isPdf ? await signedPdf(deps, { doc, version, pdfSha256: content.sha256 }) : null;
    return { content: signed ? { ...content, size: signed.length } : content, made: signed };
  }
  const user = ctx.auth.user;
  const mark = { name: user.name, email: user.email, time: new Date().toISOString() };
  const addPages = async (pdf: PDFDocument) => {
    const list = await eSignaturesOf(deps, version);
    if (list.length) await appendESignaturePage(pdf, { title: doc.name, versionNo: version.versionNo }, list);
  };
  const { content: stampedContent, stamped } = await stamping(() => stampedCopy(deps, content, mark, addPages));
  return { content: stampedContent, made: stamped };
}

/** The copy for a viewer without downDoc: a stamped PNG for an image, a stamped PDF for everything else. */
async function stampedCopy(
  deps: Deps,
  content: ViewContent,
  mark: Watermark,
  addPages: (pdf: PDFDocument) => Promise<void>,
): Promise<{ content: ViewContent; stamped: Buffer }> {
  switch (content.kind) {
    case 'image': {
      const stamped = await stampedImage(deps.blobs, content.sha256, mark);
      return { content: { ...content, contentType: 'image/png', size: stamped.length }, stamped };
    }
    case 'text': {
      // A picture of the text as a PDF, which the web viewer shows as it shows a PDF (see stampedText).
      const stamped = await stampedText(deps.blobs, content.sha256, mark);
      const fileName = `${content.fileName.replace(/\.[^.]*$/, '')}.pdf`;
      return { content: { ...content, contentType: 'application/pdf', fileName, size: stamped.length }, stamped };
    }
    default: {
      const stamped = await stampedPdf(deps.blobs, content.sha256, mark, addPages);
      return { content: { ...content, size: stamped.length }, stamped };
    }
  }
}

async function viewContent(deps: Deps, ctx: ProjectContext, fileVersionId: number) {
  const { doc, version, kind, rights } = await deps.db.transaction((tx) => viewableVersion(tx, ctx, fileVersionId));
  return {
    content: await contentOf(deps, version, kind),
    canDownload: rights.docKeys.includes('downDoc'),
    doc,
    version,
  };
}

export async function contentOf(
  deps: Deps,
  version: { sha256: string; size: number; fileName: string; extension: string },
  kind: ViewKind | null,
): Promise<ViewContent> {
  const base = { sha256: version.sha256, size: version.size, fileName: version.fileName };
  switch (kind) {
    case 'pdf':
      return { ...base, kind, contentType: 'application/pdf' };
    case 'image':
      return { ...base, kind, contentType: contentTypeOf(version.extension) };
    case 'text':
      return { ...base, kind, contentType: 'text/plain; charset=utf-8' };
    case 'office': {
      const row = await ensureRendition(deps, version, { retryFailed: false });
      if (row.state === RenditionState.Failed) fail('rendition_failed');
      if (row.state !== RenditionState.Done || !row.pdfSha256) fail('rendition_not_ready');
      const pdfName = `${version.fileName.replace(/\.[^.]*$/, '')}.pdf`;
      return {
        sha256: row.pdfSha256,
        size: await blobSize(deps, row.pdfSha256),
        fileName: pdfName,
        kind,
        contentType: 'application/pdf',
      };
    }
    default:
      fail('not_viewable_online');
  }
}

/** The statuses of a library record: it has a current library entry, filed in a library folder. */
const RECORD_STATUSES: ReadonlySet<number> = new Set([
  DocStatus.Archived,
  DocStatus.WaitingActivation,
  DocStatus.DeletionInApproval,
]);

/** GET /file/{fileId}: the document, the version to show (the current one unless named) and the watermark. */
export async function fileDetail(
  deps: Deps,
  ctx: ProjectContext,
  { fileId, fileVersionId }: { fileId: number; fileVersionId?: number },
): Promise<FileDetail> {
  return deps.db.transaction(async (tx) => {
    const { doc, rights, version: v } = await viewable(tx, ctx, fileId, fileVersionId);
    const user = ctx.auth.user;
    const flow = await workflowOf(tx, ctx, doc, rights);
    const offered = new Set([...flow.actions, ...(await libraryActionsOf(tx, ctx, doc, rights))]);
    const actions = WORKFLOW_ACTIONS.filter((a) => offered.has(a));
    const signing = flow.signing;
    const certifiedCopy = (await certifiedCopiesOf(tx, [v.id])).get(v.id) ?? null;
    const certify = await certifyOfferOf(tx, deps, ctx, { doc, rights, version: v, certified: !!certifiedCopy });
    return {
      fileId: doc.id,
      name: doc.name,
      folderId: doc.folderId,
      libraryFolderId: RECORD_STATUSES.has(doc.status) ? ((await currentEntry(tx, doc.id))?.folderId ?? null) : null,
      status: doc.status,
      fileCode: doc.fileCode,
      version: {
        fileVersionId: v.id,
        versionNo: v.versionNo,
        label: v.label,
        fileName: v.fileName,
        extension: v.extension,
        size: v.size,
        createdtime: v.createdAt.toISOString(),
        current: v.id === doc.currentVersionId,
        certifiedCopy,
      },
      kind: viewKindOf(v.extension),
      abilities: [...rights.docKeys],
      canDownload: rights.docKeys.includes('downDoc'),
      actions,
      lock: flow.lock,
      withheld: flow.withheld,
      signing,
      certify,
      deletion: doc.status === DocStatus.DeletionInApproval ? await pendingDeletionOf(tx, doc.id) : null,
      watermark: { name: user.name, email: user.email, time: new Date().toISOString() },
    };
  });
}
