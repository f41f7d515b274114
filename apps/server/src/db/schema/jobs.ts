import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Jobs a worker process is running, with that process's heartbeat. pg-boss alone would leave a job whose worker was
 * killed "active" until its expiry (hours for a large pack); a stale heartbeat hands it back within a minute.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    worker: text('worker').notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_worker_idx').on(t.worker)],
);
