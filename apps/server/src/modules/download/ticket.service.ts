import { contentTypeOf } from '@edoc/contract/file-rules';
import { TICKET_SECONDS, type TicketBody } from '@edoc/contract/download';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadTickets } from '../../db/schema/documents.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { BlobToSend } from '../../lib/send-blob.ts';
import { downloadVersion } from '../document/document-read.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import type { TrailActor } from '../trail/trail.service.ts';
import { openTaskZip } from './download.service.ts';

/**
 * Checks the download exactly as the direct call does (rights, state, trail row of type 11) and answers a link
 * valid for TICKET_SECONDS. The link carries no session: it names one file, for one person, briefly.
 */
export async function issueTicket(deps: Deps, ctx: ProjectContext, body: TicketBody, actor: TrailActor) {
  let blob: BlobToSend;
  if (body.kind === 'document') {
    const { version } = await downloadVersion(deps, ctx, body, actor);
    blob = {
      sha256: version.sha256,
      size: version.size,
      fileName: version.fileName,
      contentType: contentTypeOf(version.extension),
    };
  } else {
    const zip = await openTaskZip(deps, ctx, body.taskId, actor);
    blob = { sha256: zip.sha256, size: zip.size, fileName: `${zip.name}.zip`, contentType: 'application/zip' };
  }
  const token = randomToken();
  await deps.db.insert(downloadTickets).values({
    tokenHash: sha256(token),
    userId: ctx.auth.user.id,
    ...blob,
    expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
  });
  return { url: `/edoc/download/ticket/${token}`, expiresInSeconds: TICKET_SECONDS };
}

/** The file a live ticket names; an unknown or expired one is "not found". Reusable until it expires (resume). */
export async function redeemTicket(db: Db, token: string): Promise<BlobToSend> {
  const [t] = await db
    .select()
    .from(downloadTickets)
    .where(and(eq(downloadTickets.tokenHash, sha256(token)), gt(downloadTickets.expiresAt, new Date())));
  if (!t) fail('not_found');
  return { sha256: t.sha256, size: t.size, fileName: t.fileName, contentType: t.contentType };
}

/** Expired tickets are of no use to anyone; the hourly sweep drops them. */
export async function sweepTickets(db: Db): Promise<void> {
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, new Date()));
}
