import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { TrailType } from '@edoc/contract/enums';
import { asc, desc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trail } from '../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { writeCheckpoint } from './trail-checkpoint.ts';
import { mac } from './trail-key.ts';
import { verifyTrail } from './trail-verify.ts';
import { GENESIS_HASH, recordTrail, rowHash, type TrailEntry, type TrailRow } from './trail.service.ts';

// Issue 9, finding 2: the trail against a hostile database administrator, who can switch the trigger off.
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close({ skipTrailCheck: true }));

const actor = { actorId: null, actorName: 'test', ip: '127.0.0.1' };
const probe = (n: number) =>
  ({ type: TrailType.Update, objectType: 'probe', objectId: n, newValue: { n } }) as unknown as TrailEntry;
async function write(count: number) {
  for (let i = 0; i < count; i++) await recordTrail(ctx.db, actor, probe(i));
  return ctx.db.select().from(trail).orderBy(asc(trail.id));
}
async function tamper(statement: ReturnType<typeof sql>) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}
const verify = () => verifyTrail(ctx.db, { checkpointFile: ctx.deps.config.checkpointFile });

describe('keyed trail', () => {
  it('finds a row rewritten with a recomputed hash: the hash is an HMAC under a key the database does not hold', async () => {
    const rows = await write(3);
    const last = rows[2];
    const forged: TrailRow = { ...last, newValue: { n: 999 } };
    // The attacker recomputes what they can: the plain sha256, or an HMAC under a key of their own.
    for (const hash of [rowHash(forged, null), rowHash(forged, randomBytes(32))]) {
      await tamper(sql`UPDATE trail SET new_value = '{"n": 999}', hash = ${hash} WHERE id = ${last.id}`);
      expect(await verify()).toMatchObject({ ok: false, brokenAt: last.id });
    }
  });

  it('accepts rows from before there was a key only before the first keyed row', async () => {
    // An older edoc's row: plain sha256, written before this one's first row.
    const at = new Date();
    const legacy = {
      id: 1_000_000,
      at,
      actorId: null,
      actorName: 'old edoc',
      companyId: null,
      projectId: null,
      objectType: 'probe',
      objectId: '0',
      version: null,
      type: TrailType.Update,
      oldValue: null,
      newValue: null,
      reason: null,
      ip: null,
      prevHash: GENESIS_HASH,
    };
    await ctx.db.insert(trail).values({ ...legacy, hash: rowHash(legacy, null) });
    await ctx.db.execute(sql`SELECT setval('trail_id_seq', 1000000)`);
    await write(2);
    expect(await verify()).toMatchObject({ ok: true, rows: 3 });
    // After a keyed row, a plain sha256 is a forgery.
    const [head] = await ctx.db.select().from(trail).orderBy(desc(trail.id)).limit(1);
    const next = { ...legacy, id: head.id + 1, actorName: 'forger', prevHash: head.hash };
    await ctx.db.insert(trail).values({ ...next, hash: rowHash(next, null) });
    expect(await verify()).toMatchObject({ ok: false, brokenAt: next.id });
  });

  it('finds removed newest rows through the signed checkpoint, which no link can show', async () => {
    const rows = await write(5);
    await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile);
    expect(await verify()).toMatchObject({ ok: true, rows: 5 });
    await tamper(sql`DELETE FROM trail WHERE id >= ${rows[3].id}`);
    const report = await verify();
    expect(report).toMatchObject({ ok: false, brokenAt: rows[4].id });
    expect(report.problem).toMatch(/rows are missing/);
  });

  it('refuses a checkpoint not signed by the key', async () => {
    await write(2);
    const checkpoint = await writeCheckpoint(ctx.db, ctx.deps.config.checkpointFile);
    const forged = { ...checkpoint!, rows: 1, mac: mac(randomBytes(32), 'forged') };
    await fs.appendFile(ctx.deps.config.checkpointFile, `${JSON.stringify(forged)}\n`);
    expect((await verify()).problem).toMatch(/not signed by the trail key/);
  });
});
