import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * Read-only work spread over up to `lanes` connections that all see one moment: a repeatable-read transaction
 * exports its snapshot (pg_export_snapshot) and each further transaction starts on it (SET TRANSACTION SNAPSHOT,
 * on a hot standby too since PostgreSQL 10), so a dashboard's independent counts run side by side on two cores and
 * still add up as if counted in one transaction (issue 27's summary). The work gets the exporting transaction, for
 * what must come first, and the lanes to run its independent queries on.
 *
 * A further connection is taken only when the pool can hand it over at once (idle, or room for a new one, with
 * nobody queued), and all of them in the same tick: a request never holds one connection while it waits for
 * another, so requests cannot end up waiting on each other. Otherwise the work runs on the one transaction.
 */
export async function inSharedSnapshot<T>(
  db: Db,
  lanes: number,
  work: (first: Tx, lanes: Lanes) => Promise<T>,
): Promise<T> {
  return db.transaction(
    async (tx) => {
      const pool = db.$client;
      const free = pool.idleCount + ((pool.options.max ?? 10) - pool.totalCount) - pool.waitingCount;
      const extra = Math.max(0, Math.min(lanes - 1, free));
      if (extra === 0) return work(tx, lanesOf([tx]));
      const taken = Array.from({ length: extra }, () => pool.connect());
      const clients: pg.PoolClient[] = [];
      for (const r of await Promise.allSettled(taken)) if (r.status === 'fulfilled') clients.push(r.value);
      let running: Lanes | undefined;
      try {
        const [{ id }] = (await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`)).rows;
        // SET TRANSACTION SNAPSHOT takes no parameter: the id is PostgreSQL's own (hex digits and dashes).
        if (!/^[0-9A-F-]+$/i.test(id)) throw new Error(`unexpected snapshot id ${id}`);
        await Promise.all(
          clients.map((c) =>
            c.query(`begin isolation level repeatable read read only; set transaction snapshot '${id}'`),
          ),
        );
        running = lanesOf([tx, ...clients.map((c) => drizzle(c) as unknown as Tx)]);
        return await work(tx, running);
      } finally {
        // When one lane's query failed, the others' may still run: each is let to finish before its transaction ends,
        // rather than a rollback queued behind it (which pg 9 will refuse).
        await running?.settled();
        await Promise.all(
          clients.map(async (c) => {
            const ended = await c.query('rollback').then(
              () => true,
              () => false,
            );
            // A client whose transaction could not be ended is not handed to the next caller.
            c.release(!ended);
          }),
        );
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Transactions that independent queries are handed to, each running one query at a time (a connection answers one
 * query at a time anyway, and pg 9 will refuse a second one sent before the first is answered).
 */
export interface Lanes {
  count: number;
  run<T>(task: (tx: Tx) => Promise<T>): Promise<T>;
  /** Resolves once every task handed over so far has ended, failed or not. */
  settled(): Promise<void>;
}

/** The lanes given, or one lane over the transaction given (a caller outside a shared snapshot). */
export const lanesFor = (tx: Tx | Lanes): Lanes => ('run' in tx ? tx : lanesOf([tx]));

/**
 * Lanes over some transactions (one: every task on it, one after the other). A task goes to a lane that is free,
 * else waits for the first lane to come free, in the order the tasks were handed over: a long count does not hold
 * back the tasks behind it while another lane has finished its own (the summary's counts differ tenfold in length).
 */
export function lanesOf(txs: Tx[]): Lanes {
  const free = [...txs];
  const waiting: Array<(tx: Tx) => void> = [];
  const running = new Set<Promise<unknown>>();
  const release = (tx: Tx) => {
    const next = waiting.shift();
    if (next) next(tx);
    else free.push(tx);
  };
  return {
    count: txs.length,
    run(task) {
      const lane = free.length > 0 ? Promise.resolve(free.shift()!) : new Promise<Tx>((r) => waiting.push(r));
      const done = lane.then(async (tx) => {
        try {
          return await task(tx);
        } finally {
          release(tx);
        }
      });
      const tail = done.catch(() => undefined);
      running.add(tail);
      void tail.then(() => running.delete(tail));
      return done;
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
