import type { DocKey, FolderRights } from '@edoc/contract/permissions';
import { TrailType } from '@edoc/contract/enums';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { projects } from '../db/schema/projects.ts';
import { fail } from '../lib/app-error.ts';
import type { Deps } from '../lib/deps.ts';
import { folderRights } from './folder-rights.ts';
import { fromLibraryOr } from './library-access.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { recordTrail } from '../trail/trail.service.ts';
import { seesSite, visibleSites } from './sites.ts';

/** What the caller may see in the project: rights per work folder and the sites they work on (null: all). */
export interface DocumentAccess {
  rights: Map<number, FolderRights>;
  sites: number[] | null;
}

/** Reads the caller's access once, for a call that checks many documents (a move of 500 reads it once). */
export async function documentAccess(tx: Tx, ctx: ProjectContext): Promise<DocumentAccess> {
  const { rights } = await folderRights(tx, ctx, 0);
  return { rights, sites: await visibleSites(tx, ctx) };
}

/**
 * A live document of the caller's project that the caller may see, holding the given keys on its folder.
 * Another project's id, a deleted one, or a site document of a site the caller does not work on: "not found".
 */
export async function loadDocumentFor(
  tx: Tx,
  ctx: ProjectContext,
  fileId: number,
  keys: DocKey[],
  access?: DocumentAccess,
) {
  return checkedDocument(tx, ctx, fileId, keys, access, false);
}

/**
 * loadDocumentFor for a change: the row stays locked to the end of the transaction, so two identical changes at
 * once run one after the other and the second sees the first's result (a deleted document is then "not found").
 */
export async function lockDocumentFor(
  tx: Tx,
  ctx: ProjectContext,
  fileId: number,
  keys: DocKey[],
  access?: DocumentAccess,
) {
  return checkedDocument(tx, ctx, fileId, keys, access, true);
}

async function checkedDocument(
  tx: Tx,
  ctx: ProjectContext,
  fileId: number,
  keys: DocKey[],
  access: DocumentAccess | undefined,
  lock: boolean,
) {
  const query = tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, fileId), eq(documents.projectId, ctx.projectId), isNull(documents.deletedAt)));
  const [doc] = lock ? await query.for('update') : await query;
  if (!doc || doc.folderId === null) fail('not_found');
  const { rights, sites } = access ?? (await documentAccess(tx, ctx));
  if (!seesSite(sites, doc)) fail('not_found');
  const r = rights.get(doc.folderId);
  if (!r?.isEnabled) fail('no_permission_view_file');
  if (keys.some((k) => !r.docKeys.includes(k))) fail('forbidden');
  return { doc, rights: r };
}

/** A version of the document: the one named, or the current one. */
export async function versionOf(tx: Tx, documentId: number, versionId?: number) {
  const [v] = await tx
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        isNull(documentVersions.deletedAt),
        versionId ? eq(documentVersions.id, versionId) : undefined,
      ),
    )
    .orderBy(desc(documentVersions.id))
    .limit(1);
  if (!v) fail('not_found');
  return v;
}

/** The document a live version of the caller's project belongs to; another project's version is "not found". */
export async function documentOfVersion(tx: Tx, ctx: ProjectContext, versionId: number) {
  const [row] = await tx
    .select({ documentId: documentVersions.documentId })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(
      and(
        eq(documentVersions.id, versionId),
        eq(documents.projectId, ctx.projectId),
        isNull(documentVersions.deletedAt),
      ),
    );
  if (!row) fail('not_found');
  return row.documentId;
}

/** The file of a version for download (downDoc), recorded in the trail as a view of type 11 with the purpose. */
export async function downloadVersion(
  deps: Deps,
  ctx: ProjectContext,
  input: {
    fileId: number;
    fileVersionId?: number;
    /** False for a check without a download (issuing a link; resuming one already recorded). */
    record?: boolean;
  },
) {
  return deps.db.transaction(async (tx) => {
    // A reader of the library downloads an archived version with library downDoc (issue 11).
    const { doc, version } = await loadDocumentFor(tx, ctx, input.fileId, ['viewDoc', 'downDoc'])
      .then(async (loaded) => ({ doc: loaded.doc, version: await versionOf(tx, loaded.doc.id, input.fileVersionId) }))
      .catch((err: unknown) =>
        fromLibraryOr(tx, ctx, { err, key: 'downDoc', fileId: input.fileId, fileVersionId: input.fileVersionId }),
      );
    if (input.record ?? true)
      await recordTrail(tx, ctx.actor, {
        type: TrailType.View,
        objectType: 'document',
        objectId: doc.id,
        version: version.versionNo,
        newValue: { action: 'download', fileVersionId: version.id, sha256: version.sha256 },
      });
    return { doc, version };
  });
}

/** The project's allowed file types (SPEC §7 GET file/types); an empty list allows every type. */
export async function allowedTypes(tx: Tx, projectId: number): Promise<string[]> {
  const [p] = await tx.select({ types: projects.allowedFileTypes }).from(projects).where(eq(projects.id, projectId));
  return p?.types ?? [];
}
