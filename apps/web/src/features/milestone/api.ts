import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MilestoneSaveBody } from '@edoc/contract/milestone';
import { milestoneRoutes } from '@edoc/contract/milestone-routes';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';

const useMilestonesKey = () => [...useProjectKey(), 'milestones'] as const;

/** The milestone types and the project's full grid: trial rows, then each country's, then each site's. */
export function useMilestones() {
  return useQuery({ queryKey: useMilestonesKey(), queryFn: () => call(milestoneRoutes.list) });
}

/** Sets one cell's planned and actual dates; the grid refreshes after. */
export function useSaveMilestone() {
  const queryClient = useQueryClient();
  const queryKey = useMilestonesKey();
  return useMutation({
    mutationFn: (body: MilestoneSaveBody) => call(milestoneRoutes.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
