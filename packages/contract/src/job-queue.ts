import { z } from 'zod';
import { pageQuery } from './paging.ts';

/*
 * The system administrator's view of the background queues (issue 29 part 6): how many jobs wait, run and failed in
 * each, the jobs of one state with their reason, and retrying a failed job or cancelling one not yet done.
 */

/** Every queue the workers serve (the server's jobs/payloads.ts names the same, a test holds them equal). */
export const JOB_QUEUES = [
  'mail.send',
  'convert-office',
  'download.pack',
  'exchange.preview',
  'exchange.file',
  'bulk-import.preview',
  'bulk-import.file',
  'webhook.deliver',
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

/** What the page calls a job's state: waiting (created, or waiting for its retry), running, failed, done, cancelled. */
export const JOB_STATES = ['waiting', 'running', 'failed', 'done', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobQueueCounts = z.object({
  queue: z.string(),
  waiting: z.number(),
  running: z.number(),
  failed: z.number(),
  done: z.number(),
  cancelled: z.number(),
});

export const jobRow = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  /** The times tried so far beyond the first. */
  retries: z.number(),
  createdAt: z.string(),
  /** When it started (running), or ended (failed, done, cancelled). */
  changedAt: z.string().nullable(),
  /** A failed job's reason as the worker reported it (its message, not its stack). */
  reason: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

export const jobListQuery = pageQuery.extend({
  state: z.enum(JOB_STATES, 'invalid_value').default('failed'),
  queue: z.enum(JOB_QUEUES, 'invalid_value').optional(),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobOverview = z.object({
  queues: z.array(jobQueueCounts),
  jobs: z.array(jobRow),
  total: z.number(),
});
export type JobOverview = z.infer<typeof jobOverview>;

/** A job by its queue and id (a UUID). */
export const jobRef = z.object({
  queue: z.enum(JOB_QUEUES, 'invalid_value'),
  id: z.uuid('invalid_value'),
});
export type JobRef = z.infer<typeof jobRef>;
