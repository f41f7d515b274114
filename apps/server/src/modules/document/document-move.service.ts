import { TrailType } from '@edoc/contract/enums';
import { asc, eq } from 'drizzle-orm';
import { documents, documentWords } from '../../db/schema/documents.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { documentAccess, loadDocumentFor, lockDocumentFor, versionOf } from '../../access/document-access.ts';
import { requireFolderKey } from './document.policy.ts';
import { nameTaken } from './document.service.ts';
import { requireStatusFor } from '../../access/workflow-state.ts';
import { requireRouteOf } from '../workflow/request-words.service.ts';
import { requireUnlocked } from '../../access/edit-lock.ts';
import { artifactForFolder, artifactNumber } from '../tmf-project/tmf-project-map.service.ts';
import { refileDocuments } from '../expected/expected-filing.ts';

export async function renameDocument(deps: Deps, ctx: ProjectContext, input: { fileId: number; name: string }) {
  await deps.db.transaction(async (tx) => {
    const { doc } = await lockDocumentFor(tx, ctx, input.fileId, ['viewDoc', 'editDoc']);
    requireStatusFor(doc.status, 'edit');
    await requireUnlocked(tx, deps.blobs, doc.id);
    if (doc.name === input.name) fail('no_change');
    if (await nameTaken(tx, { folderId: doc.folderId!, name: input.name, exceptId: doc.id }))
      fail('duplicate_file_name');
    await tx.update(documents).set({ name: input.name, updatedAt: new Date() }).where(eq(documents.id, doc.id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'document',
      objectId: doc.id,
      oldValue: { name: doc.name },
      newValue: { name: input.name },
    });
  });
}

/**
 * Moves documents to another work folder, all or none: each needs editDoc where it is and a status the transition
 * table lets move (editing), the target needs createDoc; a name already in the target refuses the whole move (trail
 * type 14 per document).
 */
export async function moveDocuments(deps: Deps, ctx: ProjectContext, input: { fileIds: number[]; folderId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await documentAccess(tx, ctx);
    await requireFolderKey(tx, ctx, input.folderId, 'createDoc', access.rights);
    // The documents take the target's artifact (none: none), as a new document there would (issue 27).
    const artifact = await artifactForFolder(tx, input.folderId);
    const names = new Set<string>();
    const moved: number[] = [];
    // In id order, so two moves sharing documents lock them in the same order and cannot deadlock.
    for (const fileId of [...new Set(input.fileIds)].sort((a, b) => a - b)) {
      const { doc } = await lockDocumentFor(tx, ctx, fileId, ['viewDoc', 'editDoc'], access);
      // The transition table says which statuses move (editing only, as rename): 409 'refresh the page'.
      requireStatusFor(doc.status, 'move');
      if (doc.folderId === input.folderId) continue;
      await requireUnlocked(tx, deps.blobs, doc.id);
      const lower = doc.name.toLowerCase();
      if (names.has(lower) || (await nameTaken(tx, { folderId: input.folderId, name: doc.name })))
        fail('duplicate_file_name');
      names.add(lower);
      await tx
        .update(documents)
        .set({ folderId: input.folderId, artifactId: artifact?.id ?? null, updatedAt: new Date() })
        .where(eq(documents.id, doc.id));
      const artifactChanged = doc.artifactId !== (artifact?.id ?? null);
      await recordTrail(tx, ctx.actor, {
        type: TrailType.Move,
        objectType: 'document',
        objectId: doc.id,
        oldValue: {
          folderId: doc.folderId,
          ...(artifactChanged ? { artifact: await artifactNumber(tx, doc.artifactId) } : {}),
        },
        newValue: { folderId: input.folderId, ...(artifactChanged ? { artifact: artifact?.number ?? null } : {}) },
      });
      if (artifactChanged) moved.push(doc.id);
    }
    // Under another artifact they fulfil other items (issue 27 part 4).
    await refileDocuments(tx, ctx.actor, moved);
  });
}

/** File comments ("words"), oldest first. */
export async function listWords(deps: Deps, ctx: ProjectContext, fileId: number) {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc']);
    const rows = await tx
      .select({ w: documentWords, userName: users.name })
      .from(documentWords)
      .innerJoin(users, eq(users.id, documentWords.userId))
      .where(eq(documentWords.documentId, doc.id))
      .orderBy(asc(documentWords.id));
    return rows.map(({ w, userName }) => ({
      id: w.id,
      text: w.text,
      userName,
      fileVersionId: w.versionId,
      createdtime: w.createdAt.toISOString(),
    }));
  });
}

export async function addWord(
  deps: Deps,
  ctx: ProjectContext,
  input: { fileId: number; text: string; fileVersionId?: number; routeId?: number },
) {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, input.fileId, ['viewDoc']);
    if (input.routeId !== undefined) await requireRouteOf(tx, doc.id, input.routeId);
    const versionId = input.fileVersionId
      ? (await versionOf(tx, doc.id, input.fileVersionId)).id
      : doc.currentVersionId;
    const [word] = await tx
      .insert(documentWords)
      .values({ documentId: doc.id, versionId, userId: ctx.auth.user.id, text: input.text, routeId: input.routeId })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'document_word',
      objectId: word.id,
      newValue: { fileId: doc.id, text: input.text, ...(input.routeId ? { routeId: input.routeId } : {}) },
    });
    return { id: word.id };
  });
}
