import { noData } from './envelope.ts';
import { jobListQuery, jobOverview, jobRef } from './job-queue.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 29 part 6: the background queues, for the system administrator. Retrying a job that has not failed, or
 * cancelling one that has ended, is 409 job_state; a job that does not exist in that queue is 404.
 */
export const jobQueueRoutes = {
  list: defineRoute('GET', '/system/jobs', { query: jobListQuery, response: jobOverview }),
  retry: defineRoute('POST', '/system/jobs/retry', { body: jobRef, response: noData }),
  cancel: defineRoute('POST', '/system/jobs/cancel', { body: jobRef, response: noData }),
};
