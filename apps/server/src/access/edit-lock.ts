import type { EditHolder, EditMode } from '@edoc/contract/editing';
import { and, eq, gt, inArray, isNull, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { editSessions } from '../db/schema/editing.ts';
import { users } from '../db/schema/users.ts';
import { fail } from '../lib/app-error.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { closeSession } from './edit-session-close.ts';

export type EditSessionRow = typeof editSessions.$inferSelect;

/** The document's open session (ended or not yet expired), with its holder's name. */
export async function openSessionOf(tx: Tx | Db, documentId: number, lock = false) {
  const query = tx
    .select({ session: editSessions, holderName: users.name })
    .from(editSessions)
    .innerJoin(users, eq(users.id, editSessions.userId))
    .where(and(eq(editSessions.documentId, documentId), isNull(editSessions.endedAt)));
  const [row] = lock ? await query.for('update', { of: editSessions }) : await query;
  return row ?? null;
}

/**
 * The lock rule: a session locks its document while it is open and not yet expired. locksOf reads it, and lists
 * that join the lock into their own statement (document-list.statement.ts) put it in the join, the moment then a
 * prepared statement's parameter.
 */
export const liveLock = (now: Date | Placeholder = new Date()) =>
  and(isNull(editSessions.endedAt), gt(editSessions.expiresAt, now));

/** A lock's holder as lists and the viewer show it. */
export const holderOf = (
  s: Pick<EditSessionRow, 'userId' | 'mode' | 'startedAt' | 'expiresAt'>,
  userName: string | null,
): EditHolder => ({
  userId: s.userId,
  userName: userName ?? '',
  mode: s.mode as EditMode,
  startedAt: s.startedAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});

/**
 * The locks on these documents now (liveLock), as lists and the viewer show them: what they withhold is
 * LOCK_WITHHOLDS (contract workflow-abilities.ts), which requireUnlocked enforces.
 */
export async function locksOf(tx: Tx | Db, documentIds: number[], now = new Date()): Promise<Map<number, EditHolder>> {
  if (documentIds.length === 0) return new Map();
  const rows = await tx
    .select({ session: editSessions, holderName: users.name })
    .from(editSessions)
    .innerJoin(users, eq(users.id, editSessions.userId))
    .where(and(inArray(editSessions.documentId, documentIds), liveLock(now)));
  return new Map(rows.map(({ session, holderName }) => [session.documentId, holderOf(session, holderName)]));
}

export const isExpired = (s: EditSessionRow, now = new Date()) => s.expiresAt.getTime() <= now.getTime();

/** "2026-11-25 08:30 UTC": the moment a lock was taken, for a message that names it. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The one rule for changing a document's content or place while someone edits it (issue 15): an open, unexpired
 * session refuses every other change (a new version, sending, renaming, moving, deleting) — its holder's included,
 * whose saves go through the session — naming who holds it and since when. An expired one no longer locks: the
 * is closed first (its saves kept as a version), so nothing it held is lost.
 */
export async function requireUnlocked(tx: Tx, blobs: BlobStore, documentId: number) {
  const open = await openSessionOf(tx, documentId, true);
  if (!open) return;
  if (isExpired(open.session)) {
    await closeSession(tx, blobs, open, { outcome: 'expired', by: null });
    return;
  }
  fail(
    'document_locked',
    { name: open.holderName, since: utcMinute(open.session.startedAt) },
    { holder: { userId: open.session.userId, userName: open.holderName, since: open.session.startedAt.toISOString() } },
  );
}
