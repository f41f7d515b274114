import { checkinFields, type EditEnded } from '@edoc/contract/editing';
import { extensionOf, judgeUpload, maxBytesFor } from '@edoc/contract/file-rules';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { editSessions } from '../../db/schema/editing.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { commitUpload, discardUpload, lockBlob } from '../../storage/blob-sweep.ts';
import { lockDocumentFor, versionOf } from '../../access/document-access.ts';
import { receiveUpload } from '../../access/upload.ts';
import { openSessionOf, type EditSessionRow } from '../../access/edit-lock.ts';
import { lockDeadline, sessionBySymbol } from './editing.service.ts';
import { closeSession } from '../../access/edit-session-close.ts';

/**
 * An editor's save (WebDAV PUT, WOPI PutFile): the bytes become the session's working content — one blob, judged
 * as an upload of the document's type would be — and no version yet: autosaves do not each make a version, the end
 * of the session makes one. An empty save (some clients PUT nothing before the real content) changes nothing.
 */
export async function saveWorking(
  deps: Deps,
  {
    symbol,
    input,
    guard,
  }: {
    symbol: string;
    input: Readable;
    /** Checked on the locked session row before the save is recorded (WOPI: the editor still holds the lock). */
    guard?: (session: EditSessionRow) => void;
  },
): Promise<{ sha256: string } | null> {
  const { session, base } = await sessionBySymbol(deps, symbol);
  const cap = deps.config.UPLOAD_MAX_BYTES;
  const blob = await deps.blobs.put(input, { maxBytes: maxBytesFor(base.extension, cap) }).catch((err: unknown) => {
    if (err instanceof BlobTooLargeError) fail('file_too_large');
    throw err;
  });
  if (blob.size === 0) {
    await discardUpload(deps.db, deps.blobs, blob.sha256);
    return null;
  }
  return commitUpload(deps, blob.sha256, async () => {
    const problem = judgeUpload({
      fileName: base.fileName,
      size: blob.size,
      head: blob.head,
      allowedTypes: [],
      otherCap: cap,
    });
    if (problem) fail(problem);
    await deps.db.transaction(async (tx) => {
      const [s] = await tx.select().from(editSessions).where(eq(editSessions.id, session.id)).for('update');
      if (!s || s.endedAt) fail('edit_session_ended');
      guard?.(s);
      await lockBlob(tx, blob.sha256);
      await tx
        .update(editSessions)
        .set({ workingSha256: blob.sha256, workingSize: blob.size, expiresAt: lockDeadline() })
        .where(eq(editSessions.id, s.id));
    });
    return { sha256: blob.sha256 };
  });
}

/** The caller holds the document's open session (a check-in's precheck, before a byte is stored). */
async function requireHolder(deps: Deps, ctx: ProjectContext, fileId: number) {
  await deps.db.transaction(async (tx) => {
    await lockDocumentFor(tx, ctx, fileId, ['viewDoc', 'editDoc']);
    const open = await openSessionOf(tx, fileId);
    if (!open || open.session.userId !== ctx.auth.user.id) fail('edit_session_ended');
  });
}

/**
 * POST /file/ol/checkin/a: the checked-out (or edited) document's new file, of the same type, ends the session as its
 * new version; the same content as before makes none ('no change in the document').
 */
export async function checkIn(deps: Deps, ctx: ProjectContext, request: FastifyRequest): Promise<EditEnded> {
  const { fields, file } = await receiveUpload(deps, ctx, request, checkinFields, {
    precheck: (f) => requireHolder(deps, ctx, f.fileId),
  });
  const upload = file!;
  return commitUpload(deps, upload.blob.sha256, () =>
    deps.db.transaction(async (tx) => {
      await lockDocumentFor(tx, ctx, fields.fileId, ['viewDoc', 'editDoc']);
      const open = await openSessionOf(tx, fields.fileId, true);
      if (!open || open.session.userId !== ctx.auth.user.id) fail('edit_session_ended');
      const base = await versionOf(tx, fields.fileId, open.session.versionId);
      if (extensionOf(upload.fileName) !== base.extension) fail('invalid_value', { field: 'file' });
      await lockBlob(tx, upload.blob.sha256);
      const session = { ...open.session, workingSha256: upload.blob.sha256, workingSize: upload.blob.size };
      const ended = await closeSession(
        tx,
        deps.blobs,
        { session, holderName: open.holderName },
        { outcome: 'saved', by: ctx.actor },
      );
      return { outcome: ended.outcome, fileVersionId: ended.fileVersionId, versionNo: ended.versionNo };
    }),
  );
}
