import { lsnValue } from '@edoc/contract/read-replica';
import { sql } from 'drizzle-orm';
import { createDb, type Db } from './client.ts';

/*
 * Read replicas (issue 30 part 3): PostgreSQL streaming replicas named by DATABASE_READ_URL take the reads that may
 * be a moment old — lists, search, reports, dashboards — while writes, and every read a user must see right after
 * their own write, stay on the primary. A watcher samples the primary's WAL position and each replica's replay
 * position twice a second; a replica that is down, or further behind than the bound, is skipped until it catches up.
 *
 * Read-your-writes across nodes: a write's answer carries the primary's WAL position (X-Edoc-Lsn, see
 * plugins/read-replica.ts); the web sends back the highest it has seen (X-Edoc-Min-Lsn) and a read goes to a replica
 * only once that replica has replayed at least so far. No state on the API node: any node can serve the next read.
 */

export interface ReplicaState {
  /** The address without its password, for /health and the log. */
  name: string;
  up: boolean;
  /** Replayed WAL position at the last sample. */
  replayLsn: bigint | null;
  /** How far behind the primary it was at the last sample, in ms (0 when it had replayed everything sampled). */
  lagMs: number | null;
  error: string | null;
}

export interface ReadReplicas {
  /**
   * The database for a read that must include everything up to `minLsn` (the caller's last write; null: none
   * known): a replica that has replayed that far and is within the lag bound, taken in turn, else null (read the
   * primary).
   */
  pick(minLsn: bigint | null): Db | null;
  /** The primary's WAL position now, for the answer to a write. */
  primaryLsn(db: Db): Promise<string>;
  states(): ReplicaState[];
  /** Samples once now (tests, and the start). */
  sample(): Promise<void>;
  close(): Promise<void>;
}

interface Replica {
  db: Db;
  state: ReplicaState;
}

const shownName = (url: string) => {
  const u = new URL(url);
  u.password = '';
  return u.toString();
};

/** How long a sample waits for a replica before counting it down. */
const SAMPLE_TIMEOUT_MS = 1_000;

export function createReadReplicas(
  primary: Db,
  urls: string[],
  opts: { maxLagMs: number; sampleMs?: number; poolSize?: number },
): ReadReplicas {
  const replicas: Replica[] = urls.map((url) => ({
    db: createDb(url, opts.poolSize ?? 10),
    state: { name: shownName(url), up: false, replayLsn: null, lagMs: null, error: null },
  }));
  // The primary's positions over the last moments: a replica's lag is how long ago the primary passed its position.
  let history: Array<{ at: number; lsn: bigint }> = [];
  let turn = 0;
  let sampling: Promise<void> | null = null;

  const lagOf = (replay: bigint, now: number): number => {
    const newest = history[history.length - 1];
    if (!newest || replay >= newest.lsn) return 0;
    // The oldest sample the replica had not yet reached: it has been behind at least since then.
    const behind = history.find((h) => h.lsn > replay);
    return behind ? now - behind.at : Number.POSITIVE_INFINITY;
  };

  async function sampleOnce() {
    const now = Date.now();
    const head = await primary
      .execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`)
      .catch(() => null);
    const lsn = lsnValue(head?.rows[0]?.lsn);
    if (lsn !== null) {
      history.push({ at: now, lsn });
      // Enough history to tell any lag up to twice the bound; older samples say nothing more.
      history = history.filter((h) => h.at >= now - 2 * opts.maxLagMs - 1_000);
    }
    await Promise.all(
      replicas.map(async (r) => {
        try {
          const res = await Promise.race([
            r.db.execute<{ lsn: string | null; standby: boolean }>(
              sql`select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby`,
            ),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), SAMPLE_TIMEOUT_MS)),
          ]);
          const row = res.rows[0];
          const replay = lsnValue(row?.lsn);
          // A server that is not (or no longer) a standby is not a replica of this primary: never read from it.
          if (!row?.standby || replay === null) throw new Error('not a standby');
          r.state = { ...r.state, up: true, replayLsn: replay, lagMs: lagOf(replay, now), error: null };
        } catch (err) {
          r.state = { ...r.state, up: false, lagMs: null, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
  }

  const sample = () => (sampling ??= sampleOnce().finally(() => (sampling = null)));
  const timer = setInterval(() => void sample(), opts.sampleMs ?? 500);
  timer.unref();

  return {
    pick(minLsn) {
      const fresh = replicas.filter(
        (r) =>
          r.state.up &&
          r.state.lagMs !== null &&
          r.state.lagMs <= opts.maxLagMs &&
          (minLsn === null || (r.state.replayLsn !== null && r.state.replayLsn >= minLsn)),
      );
      if (fresh.length === 0) return null;
      turn = (turn + 1) % fresh.length;
      return fresh[turn].db;
    },
    async primaryLsn(db) {
      const res = await db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`);
      return res.rows[0].lsn;
    },
    states: () => replicas.map((r) => ({ ...r.state })),
    sample,
    async close() {
      clearInterval(timer);
      await sampling?.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.db.$client.end().catch(() => undefined)));
    },
  };
}
