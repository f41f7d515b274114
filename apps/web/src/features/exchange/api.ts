import type { ExportBody } from '@edoc/contract/exchange';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';
import { tasksKey } from '../download/api';

/** What the export form offers: the project's model and its artifacts, its countries, the sites the caller sees. */
export function useExportOptions() {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...project, 'exchange-export-options'],
    queryFn: () => call(exchangeExportRoutes.options),
  });
}

/** Starts an export: a download-center task, listed (and polled) with the caller's other tasks. */
export function useStartExport(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  const queryKey = tasksKey(useProjectKey());
  return useMutation({
    meta,
    mutationFn: (body: ExportBody) => call(exchangeExportRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
