import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createDb, type Db, type Tx } from './client.ts';
import { inSharedSnapshot, type Lanes } from './shared-snapshot.ts';

/**
 * The TMF health summary's counts run on up to three connections at once (db/shared-snapshot.ts). They must still
 * count one moment: a row committed while they run is seen by none of them; they must read only; and a pool with
 * no connection to spare must get the work done on the one transaction, not wait for itself.
 */
let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext();
  url = ctx.db.$client.options.connectionString!;
  await ctx.db.execute(sql`create table snapshot_probe (n int)`);
  await ctx.db.execute(sql`insert into snapshot_probe values (1), (2)`);
});
afterAll(() => ctx?.close());

const count = async (tx: Tx) =>
  (await tx.execute<{ n: number }>(sql`select count(*)::int as n from snapshot_probe`)).rows[0].n;
const backend = async (tx: Tx) => (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0].pid;
/** One task on each lane (they are handed out in turn). */
const onEach = <T>(lanes: Lanes, task: (tx: Tx) => Promise<T>) =>
  Promise.all(Array.from({ length: lanes.count }, () => lanes.run(task)));

describe('work on one snapshot over several connections', () => {
  it('runs on three connections that all see the moment the first began, not a row committed since', async () => {
    const seen = await inSharedSnapshot(ctx.db, 3, async (_, lanes) => {
      // Committed by another connection once the lanes are open, before any of them has read anything: a lane on a
      // snapshot of its own would take it at its first query, and count 3.
      await ctx.db.execute(sql`insert into snapshot_probe values (3)`);
      return { pids: await onEach(lanes, backend), counts: await onEach(lanes, count) };
    });
    expect(new Set(seen.pids).size).toBe(3);
    expect(seen.counts).toEqual([2, 2, 2]);
    expect(await count(ctx.db)).toBe(3);
  });

  it('reads only, on every lane', async () => {
    const refused = await inSharedSnapshot(ctx.db, 3, async (_, lanes) =>
      onEach(lanes, (tx) =>
        tx.execute(sql`insert into snapshot_probe values (4)`).then(
          () => 'written',
          (e: { cause?: { code?: string } }) => e.cause?.code,
        ),
      ),
    );
    expect(refused).toEqual(['25006', '25006', '25006']); // read_only_sql_transaction
    expect(await count(ctx.db)).toBe(3);
  });

  it('runs the tasks of one lane one after the other', async () => {
    const order: string[] = [];
    await inSharedSnapshot(ctx.db, 1, async (_, lanes) => {
      expect(lanes.count).toBe(1);
      const slow = lanes.run(async (tx) => {
        order.push('slow begins');
        await tx.execute(sql`select pg_sleep(0.2)`);
        order.push('slow ends');
      });
      const quick = lanes.run(async (tx) => {
        order.push('quick begins');
        await count(tx);
      });
      await Promise.all([slow, quick]);
    });
    expect(order).toEqual(['slow begins', 'slow ends', 'quick begins']);
  });

  it('hands a task to the lane that comes free first, not behind a long one', async () => {
    const order: string[] = [];
    const pids = await inSharedSnapshot(ctx.db, 2, async (_, lanes) => {
      const long = lanes.run(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.3)`);
        order.push('long');
        return backend(tx);
      });
      const quick = () =>
        lanes.run(async (tx) => {
          order.push('quick');
          return backend(tx);
        });
      return Promise.all([long, quick(), quick()]);
    });
    expect(order).toEqual(['quick', 'quick', 'long']);
    expect(pids[1]).toBe(pids[2]);
    expect(pids[0]).not.toBe(pids[1]);
  });

  it('gives the connections back, whether the work ended well or not', async () => {
    const db: Db = createDb(url, 3);
    try {
      await inSharedSnapshot(db, 3, async (_, lanes) => expect(lanes.count).toBe(3));
      await expect(inSharedSnapshot(db, 3, () => Promise.reject(new Error('failed work')))).rejects.toThrow('failed');
      expect(db.$client.totalCount - db.$client.idleCount).toBe(0);
      expect(await inSharedSnapshot(db, 3, async (_, lanes) => onEach(lanes, count))).toEqual([3, 3, 3]);
    } finally {
      await db.$client.end();
    }
  });

  it('lets a lane still running finish before the transactions end when another lane fails', async () => {
    const ended: string[] = [];
    await expect(
      inSharedSnapshot(ctx.db, 2, async (_, lanes) => {
        const failing = lanes.run(() => Promise.reject(new Error('a failed count')));
        const slow = lanes.run(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.2)`);
          // A second query of the same task, still inside its transaction (after a rollback it would see the default).
          const [{ level }] = (
            await tx.execute<{ level: string }>(sql`select current_setting('transaction_isolation') as level`)
          ).rows;
          ended.push(`slow count, ${level}`);
        });
        await Promise.all([failing, slow]);
      }).finally(() => ended.push('transactions')),
    ).rejects.toThrow('a failed count');
    expect(ended).toEqual(['slow count, repeatable read', 'transactions']);
  });

  it('works on the one transaction when the pool has no connection to spare, and waits for none', async () => {
    const db: Db = createDb(url, 2);
    try {
      // The other connection of two is held by someone else for the whole run.
      const other = await db.$client.connect();
      try {
        const lanes = await inSharedSnapshot(db, 3, async (tx, l) => {
          expect(await count(tx)).toBe(3);
          return l.count;
        });
        expect(lanes).toBe(1);
      } finally {
        other.release();
      }
      // With both free, one more lane than a single transaction, never more than the pool holds.
      expect(await inSharedSnapshot(db, 3, async (_, l) => l.count)).toBe(2);
    } finally {
      await db.$client.end();
    }
  });
});
