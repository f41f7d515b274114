import { FolderType, type FolderRights } from '@edoc/contract/permissions';
import { transitionOf, type WorkflowAction } from '@edoc/contract/workflow';
import { abilitiesOf, type ActorFacts } from '@edoc/contract/workflow-abilities';
import { DocStatus } from '@edoc/contract/enums';
import { DeletionState } from '@edoc/contract/states';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/users.ts';
import type { Db, Tx } from '../db/client.ts';
import { documents, documentVersions } from '../db/schema/documents.ts';
import { deletionApplications, libraryEntries } from '../db/schema/library.ts';
import { folders, projects } from '../db/schema/projects.ts';
import { AppError, fail } from '../lib/app-error.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { folderRights, loadFolder } from './folder-rights.ts';
import { inspectorShelf } from './inspector.policy.ts';
import { seesSite, visibleSites } from './sites.ts';
import { factsOf } from './workflow-state.ts';

export type LibraryEntry = typeof libraryEntries.$inferSelect;

/** Today's date in the project's time zone (YYYY-MM-DD): effective dates are calendar days there. */
export async function projectToday(db: Db | Tx, projectId: number, at: Date = new Date()): Promise<string> {
  const rows = await db.execute<{ today: string }>(
    sql`select to_char((${at.toISOString()}::timestamptz at time zone ${projects.timeZone})::date, 'YYYY-MM-DD') as today
        from ${projects} where ${projects.id} = ${projectId}`,
  );
  return rows.rows[0].today;
}

/** The document's current library entry (the newest, not superseded); null when it was never archived. */
export async function currentEntry(tx: Tx, documentId: number): Promise<LibraryEntry | null> {
  const [entry] = await tx
    .select()
    .from(libraryEntries)
    .where(and(eq(libraryEntries.documentId, documentId), isNull(libraryEntries.supersededAt)));
  return entry ?? null;
}

/**
 * Where an archived document is filed: the library folder named (it must be one of the project's), else the
 * library folder with its workspace folder's ICH code; a project without a library tree keeps it where it is.
 */
export async function libraryFolderFor(
  tx: Tx,
  ctx: ProjectContext,
  { workFolderId, named }: { workFolderId: number; named: number | undefined },
): Promise<number> {
  const [project] = await tx
    .select({ libraryFolder: projects.libraryFolder })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  if (!project.libraryFolder) return workFolderId;
  if (named !== undefined) {
    const folder = await loadFolder(tx, ctx.projectId, named);
    if (folder.type !== FolderType.Library) fail('invalid_value', { field: 'libraryFolderId' });
    return folder.id;
  }
  const work = await loadFolder(tx, ctx.projectId, workFolderId);
  if (work.ichCode) {
    const [match] = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(
          eq(folders.projectId, ctx.projectId),
          eq(folders.type, FolderType.Library),
          eq(folders.ichCode, work.ichCode),
        ),
      )
      .limit(1);
    if (match) return match.id;
  }
  fail('library_folder_required');
}

/** The caller's library keys on an entry's folder (a library folder, or the workspace folder without a tree). */
export async function libraryRightsOf(tx: Tx, ctx: ProjectContext, entry: LibraryEntry): Promise<FolderRights | null> {
  const { rights } = await folderRights(tx, ctx);
  return rights.get(entry.folderId) ?? null;
}

/**
 * The transition table's facts for a library action: the document keys on its workspace folder together with the
 * library keys on its library folder (the two sets name different actions, and viewDoc/downDoc mean the same).
 */
export function libraryFactsOf(
  ctx: ProjectContext,
  {
    doc,
    docRights,
    library,
    isDeletionApprover = false,
  }: {
    doc: { assigneeId: number | null };
    docRights: FolderRights;
    library: FolderRights | null;
    isDeletionApprover?: boolean;
  },
): ActorFacts {
  const facts = factsOf(ctx.auth.user.id, doc, docRights, null);
  return { ...facts, keys: new Set([...facts.keys, ...(library?.libraryKeys ?? [])]), isDeletionApprover };
}

/**
 * A library version the caller may read: archived in the caller's project, of a live document on a site they see,
 * with library viewDoc on the folder it is filed in. Otherwise "not found" (another project's, a deleted one) or
 * "no permission to view this file".
 */
export async function readableLibraryVersion(tx: Tx, ctx: ProjectContext, fileVersionId: number) {
  const [row] = await tx
    .select({ entry: libraryEntries, doc: documents, version: documentVersions })
    .from(libraryEntries)
    .innerJoin(documents, eq(documents.id, libraryEntries.documentId))
    .innerJoin(documentVersions, eq(documentVersions.id, libraryEntries.versionId))
    .where(
      and(
        eq(libraryEntries.versionId, fileVersionId),
        eq(libraryEntries.projectId, ctx.projectId),
        isNull(documents.deletedAt),
        inspectorShelf(ctx),
      ),
    )
    .limit(1);
  if (!row) fail('not_found');
  const sites = await visibleSites(tx, ctx);
  if (!seesSite(sites, row.doc)) fail('not_found');
  const rights = await libraryRightsOf(tx, ctx, row.entry);
  if (!rights?.libraryKeys.includes('viewDoc')) fail('no_permission_view_file');
  return row;
}

/** The library keys that mean the same as document keys in the viewer: seeing, downloading, the trail. */
const VIEWER_KEYS = ['viewDoc', 'downDoc', 'viewTrailDoc'] as const;

/**
 * The viewer for a reader of the library who may not see the document in the workspace (issue 11): an archived
 * version of it (the one named, else its current library entry's) that their library viewDoc lets them read, with
 * their library keys standing in for the viewer's document keys. Null when the library gives them nothing.
 */
export async function libraryView(
  tx: Tx,
  ctx: ProjectContext,
  { fileId, fileVersionId }: { fileId: number; fileVersionId?: number },
) {
  const entries = await tx
    .select()
    .from(libraryEntries)
    .where(
      and(
        eq(libraryEntries.documentId, fileId),
        eq(libraryEntries.projectId, ctx.projectId),
        fileVersionId === undefined ? isNull(libraryEntries.supersededAt) : eq(libraryEntries.versionId, fileVersionId),
      ),
    )
    .limit(1);
  if (entries.length === 0) return null;
  const row = await readableLibraryVersion(tx, ctx, entries[0].versionId).catch(() => null);
  if (!row) return null;
  const library = await libraryRightsOf(tx, ctx, row.entry);
  const keys = VIEWER_KEYS.filter((k) => library?.libraryKeys.includes(k));
  const rights: FolderRights = {
    docKeys: [...keys],
    libraryKeys: [],
    manageLevel: 0,
    isEnabled: true,
    canCreateFile: false,
  };
  return { doc: row.doc, version: row.version, rights };
}

/**
 * The document as a reader of the library reads it once the workspace refused them (`err`): its archived version (the
 * one named, else the current entry's) when their library keys on its folder include `key`; otherwise `err` again.
 * The viewer, the document's trail and its download all read through here (issue 11).
 */
export async function fromLibraryOr(
  tx: Tx,
  ctx: ProjectContext,
  { err, key, ...named }: { err: unknown; key: (typeof VIEWER_KEYS)[number]; fileId: number; fileVersionId?: number },
) {
  const refused = err instanceof AppError && ['forbidden', 'not_found', 'no_permission_view_file'].includes(err.code);
  const library = refused ? await libraryView(tx, ctx, named) : null;
  if (!library?.rights.docKeys.includes(key)) throw err;
  return library;
}

/**
 * The library's rows of the transition table the caller may take on an archived document or one in deletion
 * approval (recall, apply for deletion, approve or reject it): added to the viewer's actions, since those rows
 * read the library keys of the folder the document is filed in and who was named to approve.
 */
export async function libraryActionsOf(
  tx: Tx,
  ctx: ProjectContext,
  doc: { id: number; status: number; assigneeId: number | null },
  docRights: FolderRights,
): Promise<WorkflowAction[]> {
  if (doc.status !== DocStatus.Archived && doc.status !== DocStatus.DeletionInApproval) return [];
  const entry = await currentEntry(tx, doc.id);
  if (!entry) return [];
  const [pending] = await tx
    .select({ id: deletionApplications.id })
    .from(deletionApplications)
    .where(
      and(
        eq(deletionApplications.documentId, doc.id),
        eq(deletionApplications.state, DeletionState.Pending),
        eq(deletionApplications.approverId, ctx.auth.user.id),
      ),
    )
    .limit(1);
  const library = await libraryRightsOf(tx, ctx, entry);
  const facts = libraryFactsOf(ctx, { doc, docRights, library, isDeletionApprover: !!pending });
  return abilitiesOf(doc.status, facts).filter((a) => transitionOf(doc.status, a)?.scope === 'library');
}

/** The document's application to delete it that waits for a decision, with who asked and who decides. */
export async function pendingDeletionOf(tx: Tx, documentId: number) {
  const applicant = alias(users, 'applicant');
  const approver = alias(users, 'approver');
  const [row] = await tx
    .select({
      applyId: deletionApplications.id,
      reason: deletionApplications.reason,
      applicantName: applicant.name,
      approverName: approver.name,
    })
    .from(deletionApplications)
    .innerJoin(applicant, eq(applicant.id, deletionApplications.applicantId))
    .innerJoin(approver, eq(approver.id, deletionApplications.approverId))
    .where(and(eq(deletionApplications.documentId, documentId), eq(deletionApplications.state, DeletionState.Pending)))
    .limit(1);
  return row ?? null;
}
