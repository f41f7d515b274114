import { TrailType } from '@edoc/contract/enums';
import {
  EDIT_LOCK_MINUTES,
  isEditableType,
  officeScheme,
  type EditEnded,
  type EditExist,
  type EditMode,
  type EditSession,
  type SymbolView,
} from '@edoc/contract/editing';
import { contentTypeOf } from '@edoc/contract/file-rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { loadDocumentFor, lockDocumentFor, versionOf } from '../../access/document-access.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { requireStatusFor } from '../../access/workflow-state.ts';
import { isExpired, openSessionOf, requireUnlocked, type EditSessionRow } from '../../access/edit-lock.ts';
import { closeSession } from '../../access/edit-session-close.ts';
import { wopiLaunch } from './wopi-launch.ts';

export const lockDeadline = (from = new Date()) => new Date(from.getTime() + EDIT_LOCK_MINUTES * 60_000);

/** The WebDAV address of a session's file: the unique symbol in the path is its only credential. */
export const webdavUrlOf = (publicUrl: string, s: { symbol: string }, fileName: string) =>
  `${publicUrl.replace(/\/$/, '')}/dav/${s.symbol}/${encodeURIComponent(fileName)}`;

async function sessionView(deps: Deps, tx: Tx, s: EditSessionRow, holderName: string): Promise<EditSession> {
  const base = await versionOf(tx, s.documentId, s.versionId);
  const webdavUrl = s.mode === 'webdav' ? webdavUrlOf(deps.config.PUBLIC_URL, s, base.fileName) : null;
  const scheme = officeScheme(base.extension);
  return {
    userId: s.userId,
    userName: holderName,
    mode: s.mode as EditMode,
    startedAt: s.startedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    fileId: s.documentId,
    fileVersionId: s.versionId,
    fileName: base.fileName,
    uniqueSymbol: s.symbol,
    changed: s.workingSha256 !== null && s.workingSha256 !== base.sha256,
    webdavUrl,
    officeUri: webdavUrl && scheme ? `${scheme}:ofe|u|${webdavUrl}` : null,
    wopi: s.mode === 'wopi' ? await wopiLaunch(deps, s, base) : null,
  };
}

const holderOf = (s: EditSessionRow, userName: string) => ({
  userId: s.userId,
  userName,
  mode: s.mode as EditMode,
  startedAt: s.startedAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});

/**
 * Starts editing (POST /file/ol/start/a): a document in editing (status 1) that the caller may edit. Its open
 * session is the lock: another user's refuses with who holds it and since when; an expired one is closed first (its
 * saves kept); the caller's own session in the same mode is simply answered again (a second tab, a reload).
 */
export async function startEdit(
  deps: Deps,
  ctx: ProjectContext,
  input: { fileId: number; mode: EditMode },
): Promise<EditSession> {
  return openEditSession(deps, ctx, input).catch((err: unknown) => {
    // Two people starting at once: the partial unique index lets one win; the other, once more, hears who.
    if (!isUniqueViolation(err)) throw err;
    return openEditSession(deps, ctx, input);
  });
}

function openEditSession(deps: Deps, ctx: ProjectContext, input: { fileId: number; mode: EditMode }) {
  return deps.db.transaction(async (tx) => {
    const { doc } = await lockDocumentFor(tx, ctx, input.fileId, ['viewDoc', 'editDoc']);
    requireStatusFor(doc.status, 'edit');
    const base = await versionOf(tx, doc.id);
    if (input.mode !== 'checkout' && !isEditableType(base.extension)) fail('edit_type_not_supported');
    const open = await openSessionOf(tx, doc.id, true);
    if (
      open &&
      !isExpired(open.session) &&
      open.session.userId === ctx.auth.user.id &&
      open.session.mode === input.mode
    )
      return sessionView(deps, tx, open.session, open.holderName);
    await requireUnlocked(tx, deps.blobs, doc.id);
    const [s] = await tx
      .insert(editSessions)
      .values({
        symbol: randomToken(),
        projectId: ctx.projectId,
        documentId: doc.id,
        versionId: base.id,
        userId: ctx.auth.user.id,
        signInSessionId: ctx.auth.session.id,
        mode: input.mode,
        expiresAt: lockDeadline(),
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.OnlineEdit,
      objectType: 'document',
      objectId: doc.id,
      version: base.versionNo,
      oldValue: null,
      newValue: { sessionId: s.id, editMode: s.mode, versionNo: base.versionNo, holderId: s.userId },
    });
    const view = await sessionView(deps, tx, s, ctx.auth.user.name);
    // No editor answers for this type (none configured, unreachable, no edit page): no session, the lock undone.
    if (s.mode === 'wopi' && !view.wopi) fail('browser_editor_unavailable');
    return view;
  });
}

/** GET /file/ol/unique/exist/{id}: whether someone edits the document; its holder gets the session to resume. */
export async function editStatus(deps: Deps, ctx: ProjectContext, fileId: number): Promise<EditExist> {
  return deps.db.transaction(async (tx) => {
    await loadDocumentFor(tx, ctx, fileId, ['viewDoc']);
    const open = await openSessionOf(tx, fileId);
    const browserEditor = !!deps.config.WOPI_DISCOVERY_URL;
    if (!open || isExpired(open.session))
      return { exists: false, mine: false, canEnd: false, browserEditor, holder: null, session: null };
    const mine = open.session.userId === ctx.auth.user.id;
    return {
      exists: true,
      browserEditor,
      mine,
      canEnd: mine || ctx.fullAccess,
      holder: holderOf(open.session, open.holderName),
      session: mine ? await sessionView(deps, tx, open.session, open.holderName) : null,
    };
  });
}

/**
 * DELETE /file/ol/revise/symbol/del/{id}: the holder ends the session (its saves become a version, or with discard
 * nothing does); a project administrator may end someone else's, keeping what they saved (trail: who ended it).
 */
export async function endEdit(
  deps: Deps,
  ctx: ProjectContext,
  { fileId, discard }: { fileId: number; discard: boolean },
): Promise<EditEnded> {
  return deps.db.transaction(async (tx) => {
    await lockDocumentFor(tx, ctx, fileId, ['viewDoc']);
    const open = await openSessionOf(tx, fileId, true);
    if (!open) fail('edit_session_ended');
    const mine = open.session.userId === ctx.auth.user.id;
    if (!mine && !ctx.fullAccess) fail('forbidden');
    const outcome = mine ? (discard ? 'cancelled' : 'saved') : 'ended_by_admin';
    const ended = await closeSession(tx, deps.blobs, open, { outcome, by: ctx.actor });
    return { outcome: ended.outcome, fileVersionId: ended.fileVersionId, versionNo: ended.versionNo };
  });
}

/** However it is used, an editing symbol works at most this long after its session started. */
export const SYMBOL_LIFETIME_MS = 12 * 3600_000;

/**
 * Whether an editing session's credential (the WebDAV symbol, a WOPI access token) no longer opens it: it is a
 * credential of the sign-in that started the session and ends with it (sign-out, a password change, a revocation)
 * and, however often it is used, SYMBOL_LIFETIME_MS after the session started (issue 25); or its lock lapsed.
 */
export function credentialEnded(s: EditSessionRow, signInRevokedAt: Date | null): boolean {
  return isExpired(s) || signInRevokedAt !== null || Date.now() - s.startedAt.getTime() > SYMBOL_LIFETIME_MS;
}

/**
 * The open, unexpired session a unique symbol names (the editor's and the WebDAV client's credential), with the
 * version it started from. A call through it renews the lock. Anything else is "the session has ended".
 */
export async function sessionBySymbol(deps: Deps, symbol: string, touch = true) {
  const [row] = await deps.db
    .select({ s: editSessions, revokedAt: sessions.revokedAt })
    .from(editSessions)
    .leftJoin(sessions, eq(sessions.id, editSessions.signInSessionId))
    .where(and(eq(editSessions.symbol, symbol), isNull(editSessions.endedAt)));
  const s = row?.s;
  if (!s || credentialEnded(s, row.revokedAt)) fail('edit_session_ended');
  if (touch) await deps.db.update(editSessions).set({ expiresAt: lockDeadline() }).where(eq(editSessions.id, s.id));
  const base = await versionOf(deps.db, s.documentId, s.versionId);
  return { session: s, base };
}

/** What the session's file is now: the last save, else the version it started from. */
export function currentContent(
  s: EditSessionRow,
  base: { sha256: string; size: number; fileName: string; extension: string },
) {
  const saved = s.workingSha256 !== null;
  return {
    sha256: saved ? s.workingSha256! : base.sha256,
    size: saved ? (s.workingSize ?? 0) : base.size,
    fileName: base.fileName,
    contentType: contentTypeOf(base.extension),
  };
}

/**
 * GET /file/ol/separate/view?uniqueSymbol=: a viewer link that names a session (SPEC §2 "uniqueSymbol, frId,
 * fileVerId") opens its document — for a member of its project who may view it; anyone else learns nothing.
 */
export async function editStatusBySymbol(deps: Deps, ctx: ProjectContext, symbol: string): Promise<SymbolView> {
  const [s] = await deps.db
    .select({ documentId: editSessions.documentId, projectId: editSessions.projectId })
    .from(editSessions)
    .where(eq(editSessions.symbol, symbol));
  if (!s || s.projectId !== ctx.projectId) fail('not_found');
  return { ...(await editStatus(deps, ctx, s.documentId)), fileId: s.documentId };
}
