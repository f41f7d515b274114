import PgBoss from 'pg-boss';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface SendOptions {
  /** How long one run may take before pg-boss counts it as failed and retries it (default 15 minutes). */
  expireInSeconds?: number;
}

export interface Jobs {
  send(queue: string, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's own PostgreSQL. Every process can send; only processes whose role
 * includes "worker" register handlers, so API nodes and worker nodes scale apart (DESIGN §2).
 */
export async function startJobs(opts: {
  url: string;
  handlers: Record<string, JobHandler>;
  work: boolean;
  onError: (err: Error) => void;
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.url, max: 4 });
  boss.on('error', opts.onError);
  await boss.start();
  for (const [queue, handler] of Object.entries(opts.handlers)) {
    await boss.createQueue(queue);
    if (opts.work) {
      await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
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
