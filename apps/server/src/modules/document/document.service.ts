import type { DocumentFields } from '@edoc/contract/document';
import { DocStatus, TrailType } from '@edoc/contract/enums';
import { extensionOf } from '@edoc/contract/file-rules';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { sites, projects } from '../../db/schema/projects.ts';
import { tags } from '../../db/schema/catalog.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import { requestRendition } from '../viewer/rendition.service.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { openTasks } from '../task/task-rows.ts';
import { requireAssigneesMay } from '../../access/assignees.ts';
import { siteFilter, visibleSites } from '../../access/sites.ts';
import { addVersion, firstVersionNo, type UploadedFile } from '../../access/versions.ts';
import { requireFolderKey } from './document.policy.ts';
import { artifactForFolder } from '../tmf-project/tmf-project-map.service.ts';
import { countryOfProject } from '../expected/expected.policy.ts';
import { refileDocuments } from '../expected/expected-filing.ts';

/** Unique among the live documents of the folder, ignoring case ('Duplicate file name!'). */
export async function nameTaken(
  tx: Tx,
  {
    folderId,
    name,
    exceptId,
    scope,
  }: {
    folderId: number;
    name: string;
    /** The document being renamed, which may keep its own name. */
    exceptId?: number;
    /** Only documents matching this count (the caller's sites, for the name check a user may ask). */
    scope?: SQL;
  },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.folderId, folderId),
        isNull(documents.deletedAt),
        sql`lower(${documents.name}) = lower(${name})`,
        exceptId ? ne(documents.id, exceptId) : undefined,
        scope,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Site and tags must be the project's own: ids of elsewhere are refused, naming the field. A member limited to
 * sites files only for those sites (DESIGN §5), checked against the caller's membership, not what was sent.
 */
async function checkSiteAndTags(tx: Tx, ctx: ProjectContext, fields: DocumentFields) {
  const projectId = ctx.projectId;
  if (fields.siteId) {
    const [site] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, fields.siteId), eq(sites.projectId, projectId)));
    if (!site) fail('invalid_value', { field: 'siteId' });
    const mine = fields.central === false ? await visibleSites(tx, ctx) : null;
    if (mine && !mine.includes(site.id)) fail('forbidden');
  }
  // A country-level document's country (issue 27 part 4): one of the project's.
  if (fields.countryId) await countryOfProject(tx, projectId, fields.countryId);
  if (fields.tagIds.length > 0) {
    const own = await tx.select({ id: tags.id }).from(tags).where(eq(tags.projectId, projectId));
    const ids = new Set(own.map((t) => t.id));
    if (fields.tagIds.some((id) => !ids.has(id))) fail('invalid_value', { field: 'tagIds' });
  }
}

/**
 * POST /file/name/check/a: is the name taken among the documents the caller may see? A site-limited member
 * learns nothing of another site's documents here (issue 9); the create itself still refuses a clash.
 */
export async function nameInUse(
  deps: Deps,
  ctx: ProjectContext,
  { folderId, name, exceptId }: { folderId: number; name: string; exceptId?: number },
) {
  return deps.db.transaction(async (tx) => {
    await requireFolderKey(tx, ctx, folderId, 'viewDoc');
    return nameTaken(tx, { folderId, name, exceptId, scope: siteFilter(await visibleSites(tx, ctx)) });
  });
}

/**
 * Checks everything about a new document that does not need its content, so a refused upload is refused
 * before a byte of it is stored.
 */
export async function checkNewDocument(deps: Deps, ctx: ProjectContext, fields: DocumentFields) {
  await deps.db.transaction(async (tx) => {
    await requireFolderKey(tx, ctx, fields.folderId, 'createDoc');
    await checkSiteAndTags(tx, ctx, fields);
    await checkRecipient(tx, ctx, fields);
    if (await nameTaken(tx, { folderId: fields.folderId, name: fields.name })) fail('duplicate_file_name');
  });
}

/**
 * The person a document is created for, when it is someone else: a member who can see it where it is filed
 * (its folder, its site). Null: the creator keeps it (status 1).
 */
async function checkRecipient(tx: Tx, ctx: ProjectContext, fields: DocumentFields): Promise<number | null> {
  if (!fields.assigneeId || fields.assigneeId === ctx.auth.user.id) return null;
  const doc = { folderId: fields.folderId, central: fields.central ?? true, siteId: fields.siteId ?? null };
  const asked = { doc, userIds: [fields.assigneeId], key: 'viewDoc' as const };
  await requireAssigneesMay(tx, ctx.projectId, asked).catch((err: unknown) => {
    if (err instanceof AppError) fail('invalid_value', { field: 'assigneeId' });
    throw err;
  });
  return fields.assigneeId;
}

/** Creates the document and its first version in one transaction with its trail row (type 1 create). */
export async function createDocument(
  deps: Deps,
  ctx: ProjectContext,
  { fields, file }: { fields: DocumentFields; file: UploadedFile },
): Promise<{ fileId: number; fileVersionId: number }> {
  const created = await deps.db.transaction(async (tx) => {
    const { folder } = await requireFolderKey(tx, ctx, fields.folderId, 'createDoc');
    await checkSiteAndTags(tx, ctx, fields);
    const recipient = await checkRecipient(tx, ctx, fields);
    if (await nameTaken(tx, { folderId: fields.folderId, name: fields.name })) fail('duplicate_file_name');
    const [project] = await tx
      .select({ convention: projects.versionConvention })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    const convention = fields.versionConvention ?? project.convention;
    // Filed under its folder's artifact (or the nearest mapped folder's above it: artifactForFolder), issue 27.
    const artifact = await artifactForFolder(tx, fields.folderId);
    const [doc] = await tx
      .insert(documents)
      .values({
        projectId: ctx.projectId,
        folderId: fields.folderId,
        name: fields.name,
        // The folder's ICH code unless the user gave another (issue 4: "from the folder, editable").
        ichCode: fields.ichCode ?? folder.ichCode,
        fileCode: fields.fileCode ?? null,
        versionConvention: convention,
        status: recipient ? DocStatus.WaitingReceive : DocStatus.Editing,
        assigneeId: recipient,
        central: fields.central ?? true,
        siteId: fields.central === false ? fields.siteId : null,
        countryId: fields.central === false ? null : (fields.countryId ?? null),
        effectiveDate: fields.effectiveDate ?? null,
        expirationDate: fields.expirationDate ?? null,
        artifactId: artifact?.id ?? null,
        documentDate: fields.documentDate ?? null,
        comment: fields.comment ?? null,
        tagIds: fields.tagIds,
        createdBy: ctx.auth.user.id,
      })
      .returning()
      .catch((err: unknown) => {
        // Two uploads of one name racing: the unique index decides, the loser hears the same message.
        if (isUniqueViolation(err)) fail('duplicate_file_name');
        throw err;
      });
    const version = await addVersion(tx, deps.blobs, {
      documentId: doc.id,
      // A blank version number (the form sends '') takes the project's convention (issue 12: no blank versions).
      versionNo: fields.versionNo || firstVersionNo(convention),
      file,
      userId: ctx.auth.user.id,
    });
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'document',
      objectId: doc.id,
      version: version.versionNo,
      newValue: {
        name: doc.name,
        folderId: doc.folderId,
        fileName: file.fileName,
        sha256: file.blob.sha256,
        size: file.blob.size,
        versionNo: version.versionNo,
        ...(recipient ? { assigneeId: recipient, docStatus: DocStatus.WaitingReceive } : {}),
        ...(artifact ? { artifact: artifact.number } : {}),
        ...(doc.documentDate ? { documentDate: doc.documentDate } : {}),
      },
    });
    // Fulfils its one open expected item of the artifact and place, when exactly one fits (issue 27 part 4).
    await refileDocuments(tx, ctx.actor, [doc.id]);
    if (recipient)
      await openTasks(tx, [
        {
          projectId: ctx.projectId,
          documentId: doc.id,
          userId: recipient,
          kind: 'receive',
          senderId: ctx.auth.user.id,
        },
      ]);
    return { fileId: doc.id, fileVersionId: version.id };
  });
  await requestRendition(deps, { sha256: file.blob.sha256, extension: extensionOf(file.fileName) });
  return created;
}
