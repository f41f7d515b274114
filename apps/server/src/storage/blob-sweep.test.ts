import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser } from '../test/factories.ts';
import { removeIfUnreferenced, sweepOrphanBlobs } from './blob-sweep.ts';

let ctx: TestContext;
const put = (text: string) => ctx.deps.blobs.put(Readable.from([Buffer.from(text)]));

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('orphan blob sweep', () => {
  it('removes blobs no row references, and keeps referenced ones', async () => {
    const orphan = await put('left by a refused upload');
    const kept = await put('an avatar');
    const user = await createUser(ctx.db);
    await ctx.db.update(users).set({ avatarSha256: kept.sha256 }).where(eq(users.id, user.id));
    expect(await sweepOrphanBlobs(ctx.db, ctx.deps.blobs, 0)).toBe(1);
    expect(await ctx.deps.blobs.has(orphan.sha256)).toBe(false);
    expect(await ctx.deps.blobs.has(kept.sha256)).toBe(true);
  });

  it('keeps an unreferenced blob written within the grace period (its row may still be committing)', async () => {
    const fresh = await put('just uploaded');
    expect(await removeIfUnreferenced(ctx.db, ctx.deps.blobs, [fresh.sha256], 60_000)).toBe(0);
    expect(await ctx.deps.blobs.has(fresh.sha256)).toBe(true);
    expect(await removeIfUnreferenced(ctx.db, ctx.deps.blobs, [fresh.sha256], 0)).toBe(1);
  });
});
