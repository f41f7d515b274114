import fs from 'node:fs/promises';
import path from 'node:path';
import { TrailType } from '@edoc/contract/enums';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { readAnchor, startTrailAnchor } from './trail-anchor.ts';
import { writeCheckpoint } from './trail-checkpoint.ts';
import { rowHash, recordTrail, type TrailEntry } from './trail.service.ts';
import { verifyTrail } from './trail-verify.ts';

// Issue 25, item 5: `DELETE FROM trail WHERE id > N` with the triggers off passed verify until the next checkpoint,
// and a chain rewritten with plain sha256 passed on a node without the checkpoint file.
let ctx: TestContext;
let stop: () => Promise<void>;
let anchorFile: string;
const actor = { actorId: null, actorName: 'test', ip: '127.0.0.1' };
/** Rows of an object type the contract does not know, as in trail.test.ts: the chain takes any row. */
const probe = (entry: object) => entry as unknown as TrailEntry;
const write = (n: number) =>
  recordTrail(ctx.db, actor, probe({ type: TrailType.Update, objectType: 'anchor', objectId: n, newValue: { n } }));
const newest = async () => (await ctx.db.select().from(trail).orderBy(desc(trail.id)).limit(1))[0];

/** What a database owner can do: the trail's triggers off, then any statement. */
async function tamper(statement: ReturnType<typeof sql>) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  anchorFile = path.join(ctx.dataDir, 'trail-head.json');
  stop = startTrailAnchor({ url: ctx.deps.config.DATABASE_URL!, file: anchorFile, log: () => {} });
});
afterAll(async () => {
  await stop();
  await ctx.close({ skipTrailCheck: true });
});

async function anchoredAt(id: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const anchor = await readAnchor(anchorFile);
    if (anchor && 'lastId' in anchor && anchor.lastId >= id) return anchor;
    if (Date.now() > deadline) throw new Error(`row ${id} was not anchored`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the anchor of the newest committed row', () => {
  it('follows every commit, not a rolled-back row, and shows a removed tail at once', async () => {
    for (let i = 0; i < 4; i++) await write(i);
    const head = await newest();
    expect(await anchoredAt(head.id)).toMatchObject({ lastId: head.id, head: head.hash });
    // A row written in a transaction that rolls back is never anchored.
    await ctx.db
      .transaction(async (tx) => {
        await recordTrail(tx, actor, probe({ type: TrailType.Update, objectType: 'anchor', objectId: 99 }));
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    expect(await readAnchor(anchorFile)).toMatchObject({ lastId: head.id });
    await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile);
    const files = { checkpointFile: ctx.deps.config.checkpointFile, anchorFile };
    expect(await verifyTrail(ctx.db, files)).toMatchObject({ ok: true, notes: [] });

    // Two rows after the checkpoint, then both removed with the triggers off: the checkpoint cannot tell, the anchor does.
    await write(10);
    await write(11);
    const last = await newest();
    await anchoredAt(last.id);
    await tamper(sql`DELETE FROM trail WHERE id > ${head.id}`);
    expect(await verifyTrail(ctx.db, { checkpointFile: ctx.deps.config.checkpointFile })).toMatchObject({ ok: true });
    expect(await verifyTrail(ctx.db, files)).toMatchObject({
      ok: false,
      brokenAt: last.id,
      problem: expect.stringContaining('rows are missing'),
    });
  });

  it('refuses a chain rewritten without the key, and one rewritten with it against the anchor', async () => {
    await write(20);
    await anchoredAt((await newest()).id);
    const rows = await ctx.db.select().from(trail).orderBy(asc(trail.id));
    // Every row rehashed with plain sha256, each linked to the one before: no file at all is needed to refuse it.
    let prev = rows[0].prevHash;
    for (const row of rows) {
      const hash = rowHash({ ...row, prevHash: prev }, null);
      await tamper(sql`UPDATE trail SET prev_hash = ${prev}, hash = ${hash} WHERE id = ${row.id}`);
      prev = hash;
    }
    const plain = await verifyTrail(ctx.db);
    expect(plain).toMatchObject({ ok: false, problem: expect.stringContaining('not hashed with the trail key') });
    expect(plain.notes.join(' ')).toMatch(/no signed checkpoint.*no anchor/);

    // Rehashed with the key (a thief of the key): the chain holds, the anchor and the checkpoint do not.
    const changed = rows.at(-1)!;
    prev = rows[0].prevHash;
    for (const row of rows) {
      const content = row.id === changed.id ? { n: 'rewritten' } : row.newValue;
      const hash = rowHash({ ...row, newValue: content, prevHash: prev });
      await tamper(
        sql`UPDATE trail SET prev_hash = ${prev}, hash = ${hash}, new_value = ${JSON.stringify(content)}::jsonb WHERE id = ${row.id}`,
      );
      prev = hash;
    }
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true });
    expect(await verifyTrail(ctx.db, { anchorFile })).toMatchObject({ ok: false, brokenAt: changed.id });
    // A forged anchor file is refused as unsigned.
    await fs.writeFile(anchorFile, JSON.stringify({ at: 'x', lastId: 1, head: 'y', mac: 'z' }));
    expect(await verifyTrail(ctx.db, { anchorFile })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('anchor not signed'),
    });
    expect(await ctx.db.select().from(trail).where(eq(trail.id, changed.id))).toHaveLength(1);
  });
});
