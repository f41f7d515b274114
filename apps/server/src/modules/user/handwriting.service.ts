import { TrailType } from '@edoc/contract/enums';
import { HANDWRITING_TYPES } from '@edoc/contract/user';
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CallerContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { imageTypeOf } from './user.service.ts';
import { lockBlob } from '../../storage/blob-sweep.ts';

/** png or jpeg by the first bytes; anything else (gif, webp, a renamed pdf) is refused. */
export function handwritingTypeOf(head: Buffer): (typeof HANDWRITING_TYPES)[number] | null {
  const type = imageTypeOf(head);
  return type === 'image/png' || type === 'image/jpeg' ? type : null;
}

/** Replaces the user's signature image; the trail keeps the old and new content hashes. */
export async function setHandwriting(deps: Deps, ctx: CallerContext, sha256: string): Promise<void> {
  const userId = ctx.auth.user.id;
  await deps.db.transaction(async (tx) => {
    await lockBlob(tx, sha256);
    const [before] = await tx
      .select({ sha: users.handwritingSha256 })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) fail('user_not_exist');
    if (before.sha === sha256) return;
    await tx.update(users).set({ handwritingSha256: sha256, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.ProfileChange,
      objectType: 'user',
      objectId: userId,
      oldValue: { signatureSha256: before.sha },
      newValue: { signatureSha256: sha256 },
      reason: 'signature image',
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The caller's own signature image. There is no stored media type: the image is at most 1 MiB, so it is read
 * whole and its type told from its first bytes again.
 */
export async function readHandwriting(deps: Deps, userId: number): Promise<{ body: Buffer; type: string }> {
  const [user] = await deps.db.select({ sha: users.handwritingSha256 }).from(users).where(eq(users.id, userId));
  if (!user?.sha || !(await deps.blobs.has(user.sha))) fail('not_found');
  const body = await readAll(await deps.blobs.get(user.sha));
  return { body, type: handwritingTypeOf(body) ?? 'application/octet-stream' };
}
