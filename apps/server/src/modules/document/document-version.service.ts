import type { DocumentEditFields, VersionRow } from '@edoc/contract/document-edit';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { contentTexts } from '../../db/schema/search.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { documentOfVersion, loadDocumentFor, lockDocumentFor, versionOf } from '../../access/document-access.ts';
import { requireStatusFor } from '../../access/workflow-state.ts';
import { addVersion, nextVersionNo, type UploadedFile } from '../../access/versions.ts';
import { nameTaken } from './document.service.ts';
import { requireUnlocked } from '../../access/edit-lock.ts';
import { requestRendition } from '../viewer/rendition.service.ts';
import { extensionOf } from '@edoc/contract/file-rules';
import type { Tx } from '../../db/client.ts';
import { countries } from '../../db/schema/projects.ts';
import { countryOfProject } from '../expected/expected.policy.ts';
import { refileDocuments } from '../expected/expected-filing.ts';
import { certifiedCopiesOf } from '../certified-copy/certified-copy-read.ts';

// documentDate: what dates the document (issue 27), its own field: its artifact comes with its folder.
const METADATA = ['name', 'fileCode', 'effectiveDate', 'expirationDate', 'documentDate', 'comment'] as const;

/**
 * POST /minio/file/edit/a before its file is read: the document is the caller's to edit, in a status that allows
 * it, and a new name is free — so a refused edit never stores a byte (issue 9).
 */
export async function checkDocumentEdit(deps: Deps, ctx: ProjectContext, fields: DocumentEditFields) {
  await deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fields.fileId, ['viewDoc', 'editDoc']);
    requireStatusFor(doc.status, 'edit');
    await requireUnlocked(tx, deps.blobs, doc.id);
    if (
      fields.name &&
      fields.name !== doc.name &&
      (await nameTaken(tx, { folderId: doc.folderId!, name: fields.name, exceptId: doc.id }))
    )
      fail('duplicate_file_name');
  });
}

/**
 * Edits a document being edited (status 1): changed metadata and/or a new version from the uploaded file.
 * Nothing changed at all → 'no change in the document'.
 */
export async function editDocument(
  deps: Deps,
  ctx: ProjectContext,
  { fields, file }: { fields: DocumentEditFields; file: UploadedFile | null },
) {
  const edited = await deps.db.transaction(async (tx) => {
    // Concurrent edits of one document queue here; the second sees the first's result (DESIGN §6).
    const { doc } = await lockDocumentFor(tx, ctx, fields.fileId, ['viewDoc', 'editDoc']);
    requireStatusFor(doc.status, 'edit');
    await requireUnlocked(tx, deps.blobs, doc.id);
    const current = await versionOf(tx, doc.id);
    const changes: Record<string, string | null> = {};
    const before: Record<string, string | null> = {};
    for (const key of METADATA) {
      const next = fields[key];
      if (next === undefined) continue;
      const value = next === '' ? null : next;
      if (value !== doc[key]) {
        changes[key] = value;
        before[key] = doc[key];
      }
    }
    const country = await countryChange(tx, ctx.projectId, doc, fields.countryId);
    if (country) {
      before.country = country.before;
      changes.country = country.after;
    }
    const newContent = file !== null && file.blob.sha256 !== current.sha256;
    if (!newContent && Object.keys(changes).length === 0) fail('no_change');
    const start = changes.effectiveDate ?? doc.effectiveDate;
    const end = changes.expirationDate ?? doc.expirationDate;
    if (start && end && start > end) fail('effective_after_expiry');
    if (changes.name && (await nameTaken(tx, { folderId: doc.folderId!, name: changes.name, exceptId: doc.id })))
      fail('duplicate_file_name');
    let versionNo = current.versionNo;
    if (newContent) {
      versionNo = fields.versionNo ?? nextVersionNo(current.versionNo);
      await addVersion(tx, deps.blobs, { documentId: doc.id, versionNo, file, userId: ctx.auth.user.id });
      before.versionNo = current.versionNo;
      changes.versionNo = versionNo;
      changes.sha256 = file.blob.sha256;
    }
    await tx
      .update(documents)
      .set({ ...pick(changes), ...(country ? { countryId: country.id } : {}), updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      version: versionNo,
      oldValue: before,
      newValue: changes,
    });
    // Another country: the items it fulfils follow (issue 27 part 4).
    if (country) await refileDocuments(tx, ctx.actor, [doc.id]);
    return { fileId: doc.id, versionNo };
  });
  // Content already converted (the same file again) finds its rendition and asks for nothing.
  if (file) await requestRendition(deps, { sha256: file.blob.sha256, extension: extensionOf(file.fileName) });
  return edited;
}

/**
 * A country-level document's country changed by the edit (issue 27 part 4): '' clears it; a site document takes
 * none (its country is its site's). Undefined when the edit leaves it; the trail names countries by code.
 */
async function countryChange(
  tx: Tx,
  projectId: number,
  doc: { siteId: number | null; countryId: number | null },
  asked: number | '' | undefined,
) {
  if (asked === undefined) return undefined;
  const id = asked === '' ? null : asked;
  if (id === doc.countryId) return undefined;
  if (id !== null && doc.siteId !== null) fail('country_with_site', { field: 'countryId' });
  const after = id === null ? null : (await countryOfProject(tx, projectId, id)).code;
  const [old] = doc.countryId
    ? await tx.select({ code: countries.code }).from(countries).where(eq(countries.id, doc.countryId))
    : [];
  return { id, before: old?.code ?? null, after };
}

const pick = (changes: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(changes).filter(([k]) => (METADATA as readonly string[]).includes(k)));

/** Every live version, newest first (viewVersionDoc). */
export async function listVersions(
  deps: Deps,
  ctx: ProjectContext,
  { fileId, except }: { fileId: number; except?: number },
) {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc', 'viewVersionDoc']);
    const rows = await tx
      .select({
        v: documentVersions,
        creator: users.name,
        text: { state: contentTexts.state, reason: contentTexts.reason },
      })
      .from(documentVersions)
      .innerJoin(users, eq(users.id, documentVersions.createdBy))
      .leftJoin(contentTexts, eq(contentTexts.sha256, documentVersions.sha256))
      .where(
        and(
          eq(documentVersions.documentId, doc.id),
          isNull(documentVersions.deletedAt),
          except ? ne(documentVersions.id, except) : undefined,
        ),
      )
      .orderBy(asc(documentVersions.id));
    const certified = await certifiedCopiesOf(
      tx,
      rows.map(({ v }) => v.id),
    );
    return rows.reverse().map(({ v, creator, text }): VersionRow => ({
      fileVersionId: v.id,
      versionNo: v.versionNo,
      label: v.label,
      fileName: v.fileName,
      size: v.size,
      sha256: v.sha256,
      creator,
      createdtime: v.createdAt.toISOString(),
      current: v.id === doc.currentVersionId,
      textState: text?.state ?? null,
      textReason: text?.reason ?? null,
      certifiedCopy: certified.get(v.id) ?? null,
    }));
  });
}

/** Archived, waiting to be activated, deletion in approval: the library's records. */
const LIBRARY_STATUSES: number[] = [DocStatus.Archived, DocStatus.WaitingActivation, DocStatus.DeletionInApproval];

/** A version's label is the one thing of it that may change; its content never does (DESIGN §7). */
export async function editVersionLabel(
  deps: Deps,
  ctx: ProjectContext,
  input: { fileVersionId: number; label?: string },
) {
  await deps.db.transaction(async (tx) => {
    const documentId = await documentOfVersion(tx, ctx, input.fileVersionId);
    const { doc } = await loadDocumentFor(tx, ctx, documentId, ['viewDoc', 'editDoc']);
    // An archived record changes in nothing, not even a label (Part 11 record protection; issue 11).
    if (LIBRARY_STATUSES.includes(doc.status)) fail('not_in_this_status');
    const [old] = await tx.select().from(documentVersions).where(eq(documentVersions.id, input.fileVersionId));
    const label = input.label || null;
    if (old.label === label) fail('no_change');
    await tx.update(documentVersions).set({ label }).where(eq(documentVersions.id, old.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: documentId,
      version: old.versionNo,
      oldValue: { label: old.label },
      newValue: { label },
    });
  });
}

/** Deletes one version that is not the only one; the current one falls back to the newest remaining. */
export async function deleteVersion(deps: Deps, ctx: ProjectContext, versionId: number) {
  await deps.db.transaction(async (tx) => {
    const documentId = await documentOfVersion(tx, ctx, versionId);
    const { doc } = await lockDocumentFor(tx, ctx, documentId, ['viewDoc', 'deleteDoc']);
    // Removing a version changes the content: only while editing.
    requireStatusFor(doc.status, 'edit');
    await requireUnlocked(tx, deps.blobs, doc.id);
    const live = await tx
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, doc.id), isNull(documentVersions.deletedAt)))
      .orderBy(asc(documentVersions.id));
    if (live.length <= 1) fail('cannot_modify');
    const gone = live.find((v) => v.id === versionId)!;
    await tx.update(documentVersions).set({ deletedAt: new Date() }).where(eq(documentVersions.id, versionId));
    const newest = live.filter((v) => v.id !== versionId).at(-1)!;
    await tx
      .update(documents)
      .set({ currentVersionId: newest.id, updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'document',
      objectId: doc.id,
      version: gone.versionNo,
      oldValue: { fileVersionId: gone.id, versionNo: gone.versionNo, sha256: gone.sha256 },
    });
  });
}
