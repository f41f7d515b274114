import type { JobQueueName, JobRef, JobState } from '@edoc/contract/job-queue';
import { jobQueueRoutes } from '@edoc/contract/job-queue-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

const JOBS = ['system-jobs'] as const;

/** The queues' counts and one state's jobs (system administrator); refreshed every 5 s while the page is open. */
export function useJobs(query: { state: JobState; queue?: JobQueueName; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...JOBS, query],
    queryFn: () => call(jobQueueRoutes.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

/** Retries a failed job or cancels one not yet ended; the lists refresh after. */
export function useChangeJob(action: 'retry' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobRef) => call(action === 'retry' ? jobQueueRoutes.retry : jobQueueRoutes.cancel, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: JOBS }),
  });
}
