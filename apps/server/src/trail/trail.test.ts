import { TrailType } from '@edoc/contract/enums';
import { asc, eq, sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trail } from '../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createUser, PASSWORD, signIn } from '../test/factories.ts';
import { client } from '../test/requests.ts';
import { GENESIS_HASH, recordTrail, type TrailEntry } from './trail.service.ts';
import { verifyTrail } from './trail-verify.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close({ skipTrailCheck: true })); // this file breaks the chain on purpose

const actor = { actorId: null, actorName: 'test', ip: '127.0.0.1' };
/** Rows of object types the contract does not know, as older servers wrote them: the chain takes any row. */
const probe = (entry: { type: number; objectType: string; objectId?: number; newValue?: object }) =>
  entry as unknown as TrailEntry;

describe('operation trail', () => {
  it('writes rows for sign-in events with actor, time, IP and values', async () => {
    const user = await createUser(ctx.db);
    await client(ctx.app).post('/login', { email: user.email, password: 'Wrong-1!' });
    const token = await signIn(ctx, user.email);
    await client(ctx.app, token).post('/logout');
    // One's own change needs a session (issue 9: no guessing oracle).
    const again = await signIn(ctx, user.email);
    await client(ctx.app, again).post('/user/modify_password', { password: PASSWORD, newPassword: 'Chang3d-pw' });
    const rows = await ctx.db.select().from(trail).where(eq(trail.actorId, user.id)).orderBy(asc(trail.id));
    expect(rows.map((r) => r.type)).toEqual([
      TrailType.LoginFailure,
      TrailType.Login,
      TrailType.Logout,
      TrailType.Login,
      TrailType.PasswordChange,
    ]);
    expect(rows[0]).toMatchObject({
      reason: 'wrong_credentials',
      ip: expect.any(String),
      newValue: { email: user.email },
    });
    for (const r of rows) expect(Date.now() - r.at.getTime()).toBeLessThan(60_000);
  });

  it('records a failed sign-in of an unknown address without an actor', async () => {
    await client(ctx.app).post('/login', { email: 'ghost@example.com', password: 'Wrong-1!' });
    const rows = await ctx.db
      .select()
      .from(trail)
      .where(sql`${trail.newValue}->>'email' = 'ghost@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: TrailType.LoginFailure, actorId: null });
  });

  it('chains every row to the one before', async () => {
    const rows = await ctx.db.select().from(trail).orderBy(asc(trail.id));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows[0].prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i].prevHash).toBe(rows[i - 1].hash);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: true, rows: rows.length });
  });

  it('keeps one chain under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordTrail(
          ctx.db,
          actor,
          probe({ type: TrailType.Update, objectType: 'probe', objectId: i, newValue: { i, at: new Date() } }),
        ),
      ),
    );
    expect((await verifyTrail(ctx.db, { batch: 7 })).ok).toBe(true);
  });

  it('a rolled-back change leaves no trail row', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await recordTrail(tx, actor, probe({ type: TrailType.Update, objectType: 'rollback-probe' }));
        throw new Error('abort');
      })
      .catch(() => {});
    expect(await ctx.db.select().from(trail).where(eq(trail.objectType, 'rollback-probe'))).toHaveLength(0);
    expect((await verifyTrail(ctx.db)).ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(ctx.db.execute(sql`UPDATE trail SET reason = 'x'`)).rejects.toMatchObject(refusal);
    await expect(ctx.db.execute(sql`DELETE FROM trail`)).rejects.toMatchObject(refusal);
    await expect(ctx.db.execute(sql`TRUNCATE trail`)).rejects.toMatchObject(refusal);
  });
});

describe('chain verification finds tampering', () => {
  // Tampering needs the trigger off, which only a superuser can do: exactly the attack the chain is for.
  async function tamper(statement: ReturnType<typeof sql>) {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE trail DISABLE TRIGGER USER`);
      await tx.execute(statement);
      await tx.execute(sql`ALTER TABLE trail ENABLE TRIGGER USER`);
    });
  }

  it('names a changed row, and the CLI exits non-zero naming it', async () => {
    const local = await createTestContext();
    try {
      for (let i = 0; i < 5; i++)
        await recordTrail(
          local.db,
          actor,
          probe({ type: TrailType.Update, objectType: 'doc', objectId: i, newValue: { n: i } }),
        );
      const [third] = await local.db.select().from(trail).orderBy(asc(trail.id)).offset(2).limit(1);
      const ctxBackup = ctx;
      ctx = local;
      await tamper(sql`UPDATE trail SET new_value = '{"n": 99}' WHERE id = ${third.id}`);
      ctx = ctxBackup;
      expect(await verifyTrail(local.db)).toMatchObject({ ok: false, brokenAt: third.id });

      const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/trail-verify.ts'], {
        cwd: server,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: local.deps.config.DATABASE_URL,
          DATA_DIR: local.dataDir,
          TRAIL_KEY: local.deps.config.TRAIL_KEY,
        },
      });
      await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`row ${third.id}`) });
    } finally {
      await local.close({ skipTrailCheck: true });
    }
  });

  it('names the row after a removed one', async () => {
    for (let i = 0; i < 3; i++)
      await recordTrail(ctx.db, actor, probe({ type: TrailType.Update, objectType: 'gap', objectId: i }));
    const rows = await ctx.db.select().from(trail).where(eq(trail.objectType, 'gap')).orderBy(asc(trail.id));
    await tamper(sql`DELETE FROM trail WHERE id = ${rows[1].id}`);
    expect(await verifyTrail(ctx.db)).toMatchObject({ ok: false, brokenAt: rows[2].id });
  });
});
