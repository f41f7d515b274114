import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Tx } from '../../db/client.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { versionOf } from '../../access/document-access.ts';
import { saveWorking } from './editing-content.service.ts';
import type { EditSessionRow } from '../../access/edit-lock.ts';
import { credentialEnded, currentContent, lockDeadline } from './editing.service.ts';
import type { WopiClaims } from './wopi-token.ts';

/**
 * The WOPI host's side of an editing session (issue 15). The WOPI file id is the editing session's id: each session
 * is its own file for the editor, so an editor that still holds an ended session open can never write into the
 * next one, and the access token binds that id to its user and document.
 */

/** A WOPI answer without a body: the status and its headers (X-WOPI-Lock on a lock mismatch). */
export class WopiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(`WOPI ${status}`);
  }
}
const refuse = (status: number, headers?: Record<string, string>): never => {
  throw new WopiRefusal(status, headers);
};

/** Longest lock id an editor may set (SupportsExtendedLockLength). */
export const WOPI_LOCK_MAX = 1024;

type Base = Awaited<ReturnType<typeof versionOf>>;
export interface WopiFile {
  session: EditSessionRow;
  holderName: string;
  base: Base;
}

/**
 * Runs one WOPI call on the token's session, its row locked: 404 for a file id that names no session, 401 when the
 * token is not for this file, user and document, or the session has ended, expired or its user was disabled. Every
 * call renews the lock (WOPI: 30 minutes), as WebDAV calls do.
 */
export async function withWopiFile<T>(
  deps: Deps,
  claims: WopiClaims,
  fileId: number,
  run: (tx: Tx, file: WopiFile) => Promise<T>,
): Promise<T> {
  if (claims.sessionId !== fileId) refuse(401);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        session: editSessions,
        holderName: users.name,
        enabled: users.enabled,
        signInRevokedAt: sessions.revokedAt,
      })
      .from(editSessions)
      .innerJoin(users, eq(users.id, editSessions.userId))
      .leftJoin(sessions, eq(sessions.id, editSessions.signInSessionId))
      .where(eq(editSessions.id, fileId))
      .for('update', { of: editSessions });
    if (!row) return refuse(404);
    const s = row.session;
    if (s.userId !== claims.userId || s.documentId !== claims.documentId || s.mode !== 'wopi') refuse(401);
    if (s.endedAt || credentialEnded(s, row.signInRevokedAt) || !row.enabled) refuse(401);
    const expiresAt = lockDeadline();
    await tx.update(editSessions).set({ expiresAt }).where(eq(editSessions.id, s.id));
    const base = await versionOf(tx, s.documentId, s.versionId);
    return run(tx, { session: { ...s, expiresAt }, holderName: row.holderName, base });
  });
}

/** CheckFileInfo: the file's properties and what this user may do with it. */
export function fileInfo(deps: Deps, { session: s, holderName, base }: WopiFile) {
  const c = currentContent(s, base);
  return {
    BaseFileName: base.fileName,
    BreadcrumbDocName: base.fileName,
    FileExtension: `.${base.extension}`,
    OwnerId: String(base.createdBy),
    Size: c.size,
    Version: c.sha256,
    UserId: String(s.userId),
    UserFriendlyName: holderName,
    IsAnonymousUser: false,
    ReadOnly: false,
    UserCanWrite: true,
    // Saves go to the session and become one version at its end: no "save as", no rename, from the editor.
    UserCanNotWriteRelative: true,
    UserCanRename: false,
    SupportsRename: false,
    SupportsUpdate: true,
    SupportsLocks: true,
    SupportsGetLock: true,
    SupportsExtendedLockLength: true,
    // The viewer page may talk to the editor's frame (Collabora and Office post messages to this origin).
    PostMessageOrigin: new URL(deps.config.PUBLIC_URL).origin,
    // The session keeps no save time: before a save, the version's; after one, none rather than a time that moves
    // on every call (Collabora would take that for a change made behind its back). Version names the content.
    ...(s.workingSha256 ? {} : { LastModifiedTime: base.createdAt.toISOString() }),
  };
}

export type LockOperation = 'LOCK' | 'GET_LOCK' | 'REFRESH_LOCK' | 'UNLOCK';

/**
 * Lock, GetLock, RefreshLock, Unlock (and UnlockAndRelock: LOCK with X-WOPI-OldLock). The lock is the session's
 * lock_token; a different lock is a mismatch (409 naming the current one, the empty string when there is none).
 * Unlock frees the lock, not the session: the viewer page ends that, making the version.
 */
export async function lockFile(
  deps: Deps,
  claims: WopiClaims,
  {
    fileId,
    op,
    lock,
    oldLock,
  }: { fileId: number; op: LockOperation; lock: string | undefined; oldLock: string | undefined },
): Promise<Record<string, string>> {
  return withWopiFile(deps, claims, fileId, async (tx, { session }): Promise<Record<string, string>> => {
    const current = session.lockToken ?? '';
    const mismatch = (reason: string) => refuse(409, { 'X-WOPI-Lock': current, 'X-WOPI-LockFailureReason': reason });
    const setLock = (value: string | null) =>
      tx.update(editSessions).set({ lockToken: value }).where(eq(editSessions.id, session.id));
    if (op === 'GET_LOCK') return { 'X-WOPI-Lock': current };
    if (!lock) return refuse(400);
    if (op === 'LOCK') {
      if (oldLock !== undefined && current !== oldLock) mismatch('the old lock is not the current lock');
      if (oldLock === undefined && current && current !== lock) mismatch('locked with another lock');
      await setLock(lock);
    } else {
      if (current !== lock) mismatch(current ? 'locked with another lock' : 'not locked');
      if (op === 'UNLOCK') await setLock(null);
    }
    return {};
  });
}

/**
 * PutFile: the body becomes the session's working content when the editor holds the lock (an unlocked file takes
 * a save only while empty, per WOPI). The lock is checked before a byte is stored and again, with the row locked,
 * before the save is recorded. Answers the new version.
 */
export async function putFile(
  deps: Deps,
  claims: WopiClaims,
  { fileId, lock, body }: { fileId: number; lock: string | undefined; body: Readable },
): Promise<{ version: string }> {
  const { symbol, base } = await withWopiFile(deps, claims, fileId, async (_tx, f) => {
    requireLock(f.session, f.base, lock);
    return { symbol: f.session.symbol, base: f.base };
  });
  const saved = await saveWorking(deps, { symbol, input: body, guard: (s) => requireLock(s, base, lock) });
  if (saved) return { version: saved.sha256 };
  // An empty body changes nothing (saveWorking): the version stays what it was.
  return withWopiFile(deps, claims, fileId, async (_tx, f) => ({ version: currentContent(f.session, f.base).sha256 }));
}

function requireLock(s: EditSessionRow, base: Base, lock: string | undefined) {
  if (!s.lockToken) {
    if (currentContent(s, base).size > 0) refuse(409, { 'X-WOPI-Lock': '', 'X-WOPI-LockFailureReason': 'not locked' });
  } else if (s.lockToken !== lock) {
    refuse(409, { 'X-WOPI-Lock': s.lockToken, 'X-WOPI-LockFailureReason': 'locked with another lock' });
  }
}
