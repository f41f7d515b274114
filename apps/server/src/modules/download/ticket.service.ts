import { contentTypeOf, downloadName } from '@edoc/contract/file-rules';
import { TICKET_SECONDS, type TicketBody } from '@edoc/contract/download';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { downloadTickets } from '../../db/schema/documents.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { BlobToSend } from '../../lib/send-blob.ts';
import { downloadVersion } from '../../access/document-access.ts';
import { authenticateSession, sessionIdOf } from '../../plugins/auth.ts';
import { resolveContext, type ProjectContext } from '../../plugins/context.ts';
import { openTaskZip } from './download.service.ts';
import { signedDownload } from '../seal/signed-copy.ts';

/**
 * Checks the download as the direct call does (rights, state) and answers a link valid for TICKET_SECONDS, bound to
 * the caller's session. Nothing is recorded yet: the trail row is written when the link is used.
 */
export async function issueTicket(deps: Deps, ctx: ProjectContext, body: TicketBody) {
  let named: { documentId: number | null; versionId: number | null; taskId: number | null };
  if (body.kind === 'document') {
    const { doc, version } = await downloadVersion(deps, ctx, { ...body, record: false });
    named = { documentId: doc.id, versionId: version.id, taskId: null };
  } else {
    await openTaskZip(deps, ctx, { taskId: body.taskId, record: false });
    named = { documentId: null, versionId: null, taskId: body.taskId };
  }
  const token = randomToken();
  await deps.db.insert(downloadTickets).values({
    tokenHash: sha256(token),
    userId: ctx.auth.user.id,
    sessionId: sessionIdOf(ctx.auth),
    projectId: ctx.projectId,
    ...named,
    expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
  });
  return { url: `/edoc/download/ticket/${token}`, expiresInSeconds: TICKET_SECONDS };
}

/** A Range request that does not start at the first byte: the download manager resuming a broken download. */
function isResume(request: FastifyRequest): boolean {
  const m = /^bytes=(\d+)-/.exec(request.headers.range ?? '');
  return !!m && Number(m[1]) > 0;
}

/**
 * The client fetching the link, as far as a request without a token tells: its address and user agent. A resume must
 * come from the client that claimed the link, or "bytes=1-" would be a second download for anyone holding it.
 */
function clientOf(request: FastifyRequest): string {
  return sha256(`${request.ip}\n${request.headers['user-agent'] ?? ''}`);
}

/**
 * GET /download/ticket/{token} (issue 9): works only while the issuing session does, in the project it was issued
 * for; re-checks viewDoc + downDoc (or the task) as the caller is now; single-use — the first fetch claims it and
 * writes the trail row, a resumed range of it from the same client within its minutes is allowed. Anything else is
 * "not found".
 */
export async function redeemTicket(
  deps: Deps,
  token: string,
  request: FastifyRequest,
): Promise<BlobToSend & { made?: Buffer }> {
  const [t] = await deps.db
    .select()
    .from(downloadTickets)
    .where(and(eq(downloadTickets.tokenHash, sha256(token)), gt(downloadTickets.expiresAt, new Date())));
  if (!t) fail('not_found');
  // Presented with someone's session, it must be the issuing one (a link passed on is not the receiver's).
  if (request.auth && request.auth.session.id !== t.sessionId) fail('not_found');
  const auth = await authenticateSession(deps.db, t.sessionId).catch(() => fail('not_found'));
  if (auth.session.projectId !== t.projectId) fail('not_found');
  const ctx = resolveContext('projectMember', request, auth);
  if (!ctx) fail('not_found');
  const claimed = await deps.db
    .update(downloadTickets)
    .set({ usedAt: new Date(), claimedBy: clientOf(request) })
    .where(and(eq(downloadTickets.tokenHash, t.tokenHash), isNull(downloadTickets.usedAt)))
    .returning({ tokenHash: downloadTickets.tokenHash });
  const first = claimed.length > 0;
  if (!first && !(isResume(request) && t.claimedBy === clientOf(request))) fail('not_found');
  if (t.taskId !== null) {
    const zip = await openTaskZip(deps, ctx, { taskId: t.taskId, record: first });
    return { sha256: zip.sha256, size: zip.size, fileName: `${zip.name}.zip`, contentType: 'application/zip' };
  }
  const input = { fileId: t.documentId ?? 0, fileVersionId: t.versionId ?? undefined, record: first };
  const { doc, version } = await downloadVersion(deps, ctx, input);
  // A signed PDF is made for the request, as for the direct download (signed-copy.ts).
  const made = (await signedDownload(deps, doc, version)) ?? undefined;
  return {
    sha256: version.sha256,
    size: made?.length ?? version.size,
    fileName: downloadName(doc.name, version.extension),
    contentType: contentTypeOf(version.extension),
    made,
  };
}

/** Expired tickets are of no use to anyone; the hourly sweep drops them. */
export async function sweepTickets(db: Db): Promise<void> {
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, new Date()));
}
