import { TrailType } from '@edoc/contract/enums';
import type { EditOutcome } from '@edoc/contract/editing';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { editSessions } from '../db/schema/editing.ts';
import { users } from '../db/schema/users.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { addVersion, nextVersionNo } from './versions.ts';
import { versionOf } from './document-access.ts';
import { recordTrail, type TrailActor } from '../trail/trail.service.ts';
import type { EditSessionRow } from './edit-lock.ts';

export interface Closing {
  /** saved when the holder ends it, cancelled to drop the saves; expired / ended_by_admin keep the saves too. */
  outcome: Exclude<EditOutcome, 'unchanged'>;
  /** Who ended it (null: it expired and was taken over). */
  by: TrailActor | null;
}

/**
 * Ends a session in the caller's transaction (the document row locked by the caller or here). Its saves become one
 * new version — unless it is cancelled or nothing changed ('no change in the document': no version) — recording
 * that it came from online editing; trail type 13 names the versions before and after. Nothing an editor saved is
 * lost when a lock expires or an administrator ends it: those keep the saves as a version too.
 */
export async function closeSession(
  tx: Tx,
  blobs: BlobStore,
  open: { session: EditSessionRow; holderName: string },
  closing: Closing,
) {
  const s = open.session;
  const [doc] = await tx.select().from(documents).where(eq(documents.id, s.documentId)).for('update');
  const base = await versionOf(tx, s.documentId, s.versionId);
  const changed = closing.outcome !== 'cancelled' && !!s.workingSha256 && s.workingSha256 !== base.sha256;
  const outcome: EditOutcome = closing.outcome === 'saved' && !changed ? 'unchanged' : closing.outcome;
  let version: { id: number; versionNo: string } | null = null;
  if (changed) {
    const current = await versionOf(tx, s.documentId);
    version = await addVersion(tx, blobs, {
      documentId: s.documentId,
      versionNo: nextVersionNo(current.versionNo),
      file: {
        fileName: base.fileName,
        mimeType: base.mimeType,
        blob: { sha256: s.workingSha256!, size: s.workingSize ?? 0, head: Buffer.alloc(0) },
      },
      userId: s.userId,
      source: s.mode === 'checkout' ? 'checkin' : 'online',
    });
    await tx.update(documents).set({ updatedAt: new Date() }).where(eq(documents.id, s.documentId));
  }
  await tx
    .update(editSessions)
    .set({ endedAt: new Date(), endedBy: closing.by?.actorId ?? null, outcome, resultVersionId: version?.id ?? null })
    .where(eq(editSessions.id, s.id));
  const holder: TrailActor = { actorId: s.userId, actorName: open.holderName, projectId: s.projectId };
  await recordTrail(tx, closing.by ?? holder, {
    type: TrailType.OnlineEdit,
    objectType: 'document',
    objectId: s.documentId,
    version: version?.versionNo ?? base.versionNo,
    oldValue: { sessionId: s.id, editMode: s.mode, versionNo: base.versionNo, holderId: s.userId },
    newValue: {
      sessionId: s.id,
      editMode: s.mode,
      versionNo: version?.versionNo ?? null,
      outcome,
      ...(version ? { sha256: s.workingSha256! } : {}),
    },
  });
  return { outcome, fileVersionId: version?.id ?? null, versionNo: version?.versionNo ?? null, name: doc?.name };
}

/**
 * Abandoned sessions (their lock expired, nobody took the document since) are closed by the workers' round: what
 * the editor saved becomes its version without waiting for the next person to touch the document. Each session is
 * claimed with SKIP LOCKED, so several workers close each once. Answers how many were closed.
 */
export async function closeAbandoned(db: Db, blobs: BlobStore, now = new Date()): Promise<number> {
  let closed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [s] = await tx
        .select({ session: editSessions, holderName: users.name })
        .from(editSessions)
        .innerJoin(users, eq(users.id, editSessions.userId))
        .where(and(isNull(editSessions.endedAt), lt(editSessions.expiresAt, now)))
        .limit(1)
        .for('update', { of: editSessions, skipLocked: true });
      if (!s) return false;
      await closeSession(tx, blobs, s, { outcome: 'expired', by: null });
      return true;
    });
    if (!done) return closed;
    closed++;
  }
}
