import { TextState } from '@edoc/contract/search';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTexts } from '../../db/schema/search.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { LEASE_MS, MAX_ATTEMPTS, queueReindex, releaseStuck } from './extract-loop.ts';

// Issue 25, item 2: a worker killed while reading a file left its content "reading" for good, so the document was
// never searchable. A content's reading is leased; an expired lease is handed back with a back-off, and given up
// with its reason after MAX_ATTEMPTS cut-off readings.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const sha = (n: number) => n.toString(16).padStart(64, 'a');
const row = async (n: number) =>
  (
    await ctx.db
      .select()
      .from(contentTexts)
      .where(eq(contentTexts.sha256, sha(n)))
  )[0];

describe('the lease of a content being read', () => {
  it('hands back an expired one after a back-off, keeps a renewed one, and gives up after the last attempt', async () => {
    const longAgo = new Date(Date.now() - LEASE_MS - 5_000);
    await ctx.db.insert(contentTexts).values([
      // Its worker died on the first try.
      { sha256: sha(1), extension: 'pdf', state: TextState.Extracting, attempts: 1, updatedAt: longAgo },
      // Its worker is alive and renewed the lease a moment ago.
      { sha256: sha(2), extension: 'pdf', state: TextState.Extracting, attempts: 1, updatedAt: new Date() },
      // Its worker died on the third try: a longer wait.
      { sha256: sha(3), extension: 'pdf', state: TextState.Extracting, attempts: 3, updatedAt: longAgo },
      // Cut off on every try: given up.
      { sha256: sha(4), extension: 'pdf', state: TextState.Extracting, attempts: MAX_ATTEMPTS, updatedAt: longAgo },
    ]);
    expect(await releaseStuck(ctx)).toBe(3);

    const waitOf = async (n: number) => {
      const r = await row(n);
      const [{ seconds }] = (
        await ctx.db.execute<{ seconds: number }>(
          sql`select extract(epoch from ${r.nextAt}::timestamptz - now())::float as seconds`,
        )
      ).rows;
      return { state: r.state, seconds };
    };
    const first = await waitOf(1);
    expect(first.state).toBe(TextState.Waiting);
    expect(first.seconds).toBeGreaterThan(20);
    expect(first.seconds).toBeLessThanOrEqual(30);
    expect((await row(2)).state).toBe(TextState.Extracting);
    const third = await waitOf(3);
    expect(third.state).toBe(TextState.Waiting);
    expect(third.seconds).toBeGreaterThan(110);
    expect(third.seconds).toBeLessThanOrEqual(120);
    const given = await row(4);
    expect(given.state).toBe(TextState.Failed);
    expect(given.reason).toMatch(/stopped 5 times/);

    // A reindex tries a given-up content again from its first attempt.
    await queueReindex(ctx.db, false);
    expect(await row(4)).toMatchObject({ state: TextState.Waiting, attempts: 0 });
    await ctx.db.delete(contentTexts).where(inArray(contentTexts.sha256, [1, 2, 3, 4].map(sha)));
  });
});
