import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { insertJson, jsonRows } from './json-rows.ts';
import { contentTexts } from './schema/search.ts';

/* Rows sent as one JSON parameter (json-rows.ts) read back as drizzle would have written them. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('rows as one JSON parameter', () => {
  it('inserts in order, with the left-out columns at their defaults, a Date as its instant, conflicts skipped', async () => {
    const stamp = Date.now().toString(16);
    const shas = [`json-rows-b-${stamp}`, `json-rows-a-${stamp}`, `json-rows-c-${stamp}`];
    const next = new Date('2030-01-02T03:04:05.678Z');
    const got = await insertJson(
      ctx.db,
      contentTexts,
      shas.map((sha256, i) => ({ sha256, extension: i === 1 ? 'o\'dd "ext" 文' : 'pdf', nextAt: next })),
      { returning: { sha: contentTexts.sha256, nextAt: contentTexts.nextAt } },
    );
    expect(got).toEqual(shas.map((sha) => ({ sha, nextAt: next })));
    const again = await insertJson(ctx.db, contentTexts, [{ sha256: shas[0], extension: 'doc' }], {
      ignoreConflicts: true,
      returning: { sha: contentTexts.sha256 },
    });
    expect(again).toEqual([]);
    const rows = await ctx.db.select().from(contentTexts).where(inArray(contentTexts.sha256, shas));
    const bySha = new Map(rows.map((r) => [r.sha256, r]));
    expect(bySha.get(shas[0])).toMatchObject({ extension: 'pdf', state: 0, pages: 0, reason: null, nextAt: next });
    expect(bySha.get(shas[1])?.extension).toBe('o\'dd "ext" 文');
    await ctx.db.delete(contentTexts).where(inArray(contentTexts.sha256, shas));
  });

  it('reads a list of rows back as a table, each column cast, null as NULL', async () => {
    const found = await ctx.db.execute<{ id: number; name: string | null }>(
      sql`select v.id, v.name from ${jsonRows(
        ['int', 'text'],
        [
          [2, 'two'],
          [1, null],
        ],
      )} v(id, name) order by v.id`,
    );
    expect(found.rows).toEqual([
      { id: 1, name: null },
      { id: 2, name: 'two' },
    ]);
  });
});
