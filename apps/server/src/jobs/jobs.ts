import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { withStartupLock } from '../db/startup-lock.ts';
import { JOB_PAYLOADS, type JobPayload, type JobQueue } from './payloads.ts';

export type { JobPayload, JobQueue } from './payloads.ts';

/** The handler of one queue, given that queue's payload. */
export type JobHandler<Q extends JobQueue> = (data: JobPayload<Q>) => Promise<void>;

/** The handlers a process registers, by queue. */
export type JobHandlers = { [Q in JobQueue]?: JobHandler<Q> };

export interface SendOptions {
  /** How long one run may take before pg-boss counts it as failed and retries it (default 15 minutes). */
  expireInSeconds?: number;
}

export interface Jobs {
  send<Q extends JobQueue>(queue: Q, data: JobPayload<Q>, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
}

/** How often a worker says it is alive, and how long after its last word its jobs are handed back. */
export const HEARTBEAT_MS = 15_000;
export const DEAD_AFTER_MS = 60_000;

/**
 * Hands back the jobs of workers that stopped beating (killed, crashed, machine lost): pg-boss fails each, which
 * schedules its retry, so another worker picks it up. Safe to run on every worker at once (the DELETE claims).
 */
export async function reclaimAbandonedJobs(boss: PgBoss, deadAfterMs = DEAD_AFTER_MS): Promise<number> {
  const db = boss.getDb();
  const lost = (await db.executeSql(
    `DELETE FROM job_runs WHERE beat_at < now() - make_interval(secs => $1) RETURNING job_id, queue`,
    [deadAfterMs / 1000],
  )) as { rows: Array<{ job_id: string; queue: string }> };
  for (const run of lost.rows)
    await boss.fail(run.queue, run.job_id, { message: 'the worker running this job stopped; handed back' });
  return lost.rows.length;
}

/**
 * pg-boss on the application's own PostgreSQL. Every process can send; only processes whose role
 * includes "worker" register handlers, so API nodes and worker nodes scale apart (DESIGN §2).
 */
export async function startJobs(opts: {
  url: string;
  handlers: JobHandlers;
  work: boolean;
  onError: (err: Error) => void;
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.url, max: 4 });
  boss.on('error', opts.onError);
  const queues = (Object.keys(opts.handlers) as JobQueue[]).filter((q) => opts.handlers[q]);
  // Nodes started together would otherwise create the same queue (a table each) at once and deadlock.
  await withStartupLock(opts.url, async () => {
    await boss.start();
    for (const queue of queues) await boss.createQueue(queue);
  });
  const worker = randomUUID();
  const db = boss.getDb();
  const timers: NodeJS.Timeout[] = [];
  if (opts.work) {
    const beat = () =>
      db.executeSql('UPDATE job_runs SET beat_at = now() WHERE worker = $1', [worker]).catch(opts.onError);
    const reclaim = () => reclaimAbandonedJobs(boss).catch(opts.onError);
    timers.push(setInterval(() => void beat(), HEARTBEAT_MS).unref());
    timers.push(setInterval(() => void reclaim(), HEARTBEAT_MS * 2).unref());
    void reclaim();
  }
  for (const queue of queues) {
    const handler = opts.handlers[queue] as JobHandler<JobQueue>;
    if (opts.work) {
      await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) {
          await db.executeSql(
            'INSERT INTO job_runs (job_id, queue, worker) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
            [job.id, queue, worker],
          );
          try {
            // A payload that does not fit its queue's schema fails the job (pg-boss retries, then keeps it failed).
            await handler(JOB_PAYLOADS[queue].parse(job.data) as never);
          } finally {
            await db.executeSql('DELETE FROM job_runs WHERE job_id = $1', [job.id]);
          }
        }
      });
    }
  }
  return {
    async send(queue, data, options = {}) {
      await boss.send(queue, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true, ...options });
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
