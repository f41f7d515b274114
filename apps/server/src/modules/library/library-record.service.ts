import { FolderType } from '@edoc/contract/permissions';
import { TrailType } from '@edoc/contract/enums';
import type { RefileBody, RetitleBody } from '@edoc/contract/library';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { documents } from '../../db/schema/documents.ts';
import { libraryEntries } from '../../db/schema/library.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadFolder } from '../../access/folder-rights.ts';
import { libraryRightsOf } from '../../access/library-access.ts';
import { requireTransition } from '../../access/workflow-state.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { lockArchived } from './library-change.service.ts';

/**
 * A library record's place and title (issue 26 item 12; SPEC's library keys moveDoc and renameDoc). The archived
 * content, its dates and its signatures stay as they are: refiling moves the current entry to another library
 * folder, retitling corrects the document's name. Both under the document's row lock, allowed by the transition
 * table (archived or waiting to be activated), each with its trail row.
 */
async function lockRecord(tx: Tx, ctx: ProjectContext, fileId: number, action: 'refile' | 'retitle') {
  const { doc, entry, facts } = await lockArchived(tx, ctx, fileId);
  requireTransition(doc.status, action, facts);
  return { doc, entry };
}

/** POST /folder/library/file/move/a: to another library folder of the project where the caller holds moveDoc too. */
export async function refileRecord(tx: Tx, ctx: ProjectContext, { fileId, folderId }: RefileBody) {
  const { doc, entry } = await lockRecord(tx, ctx, fileId, 'refile');
  const target = await loadFolder(tx, ctx.projectId, folderId).catch(() => fail('not_found', { field: 'folderId' }));
  if (target.type !== FolderType.Library) fail('invalid_value', { field: 'folderId' });
  if (target.id === entry.folderId) fail('no_change');
  const there = await libraryRightsOf(tx, ctx, { ...entry, folderId: target.id });
  if (!there?.libraryKeys.includes('moveDoc')) fail('forbidden');
  await tx.update(libraryEntries).set({ folderId: target.id }).where(eq(libraryEntries.id, entry.id));
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Move,
    objectType: 'document',
    objectId: doc.id,
    oldValue: { libraryFolderId: entry.folderId, entryId: entry.id },
    newValue: { libraryFolderId: target.id, entryId: entry.id },
  });
  return { fileId: doc.id, status: doc.status };
}

/** POST /folder/library/file/rename/a: the record's title; unique among its folder's live documents, as any name. */
export async function retitleRecord(tx: Tx, ctx: ProjectContext, { fileId, name }: RetitleBody) {
  const { doc } = await lockRecord(tx, ctx, fileId, 'retitle');
  if (doc.name === name) fail('no_change');
  // The folder's unique index decides, under a savepoint so the refusal leaves the transaction usable.
  await tx
    .transaction((sp) => sp.update(documents).set({ name, updatedAt: new Date() }).where(eq(documents.id, doc.id)))
    .catch((err: unknown) => (isUniqueViolation(err) ? fail('duplicate_file_name') : Promise.reject(err)));
  await recordTrail(tx, ctx.actor, {
    type: TrailType.Update,
    objectType: 'document',
    objectId: doc.id,
    oldValue: { name: doc.name },
    newValue: { name },
  });
  return { fileId: doc.id, status: doc.status };
}
