import PgBoss from 'pg-boss';
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
  await boss.start();
  for (const queue of Object.keys(opts.handlers) as JobQueue[]) {
    const handler = opts.handlers[queue] as JobHandler<JobQueue> | undefined;
    if (!handler) continue;
    await boss.createQueue(queue);
    if (opts.work) {
      await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        // A payload that does not fit its queue's schema fails the job (pg-boss retries, then keeps it failed).
        for (const job of jobs) await handler(JOB_PAYLOADS[queue].parse(job.data) as never);
      });
    }
  }
  return {
    async send(queue, data, options = {}) {
      await boss.send(queue, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true, ...options });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
