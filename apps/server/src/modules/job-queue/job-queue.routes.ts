import { jobListQuery, jobOverview, jobRef } from '@edoc/contract/job-queue';
import { noData } from '@edoc/contract/envelope';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { changeJob, listJobs } from './job-queue.service.ts';

/** The background queues, for the system administrator (issue 29 part 6): counts, jobs by state, retry, cancel. */
export function jobQueueRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  get('/system/jobs', { access: 'systemAdmin', query: jobListQuery, response: jobOverview }, ({ query }) =>
    listJobs(deps.db, query),
  );
  post('/system/jobs/retry', { access: 'systemAdmin', body: jobRef, response: noData }, ({ ctx, body }) =>
    changeJob(deps.db, ctx, body, 'retry'),
  );
  post('/system/jobs/cancel', { access: 'systemAdmin', body: jobRef, response: noData }, ({ ctx, body }) =>
    changeJob(deps.db, ctx, body, 'cancel'),
  );
}
