import type {
  CustomReportBody,
  CustomReportItem,
  CustomReportResult,
  ReportDefinition,
  ReportRecipient,
} from '@edoc/contract/custom-report';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** Custom reports of the entered project (issue 14): mine and those shared with the project. */
const reportsKey = (project: ProjectKey) => [...project, 'custom-reports'] as const;

export const customReportsQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...reportsKey(project), 'list'],
    queryFn: () => api.get<CustomReportItem[]>('/report/custom/list'),
  });

export function useCustomReports() {
  return useQuery(customReportsQuery(useProjectKey()));
}

export function useCustomReport(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'item', id],
    queryFn: () => api.get<CustomReportItem>(`/report/custom/${id}`),
    enabled: id !== null,
  });
}

/** A saved report run afresh: every visit reads the data of now, with the caller's rights. */
export function useSavedRun(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'run', id],
    queryFn: () => api.get<CustomReportResult>(`/report/custom/run/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * The builder's preview: the definition as it stands, run when it has no problems. The previous answer stays on
 * screen while the next one loads, so the chart does not blink at every tick of a checkbox.
 */
export function useDraftRun(definition: ReportDefinition, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'draft', definition],
    queryFn: () => api.postJson<CustomReportResult>('/report/custom/run', { definition }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** Members the report may be mailed to. */
export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'recipients'],
    queryFn: () => api.get<ReportRecipient[]>('/report/custom/recipients'),
    enabled,
  });
}

function useInvalidateReports() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () => queryClient.invalidateQueries({ queryKey: reportsKey(project) });
}

/** Create (no id) or update a report; answers its id. */
export function useSaveReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    meta: { silentError: true },
    mutationFn: async ({ id, body }: { id?: number; body: CustomReportBody }) => {
      if (!id) return (await api.postJson<{ id: number }>('/report/custom/a', body)).id;
      await api.postJson<null>(`/report/custom/update/${id}/a`, body);
      return id;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (id: number) => api.postJson<null>(`/report/custom/delete/${id}/a`),
    onSuccess: invalidate,
  });
}

export interface ExportRequest {
  format: ReportExportFormat;
  /** The file's name stem. */
  name: string;
  /** A saved report, or else the definition being built. */
  id?: number;
  definition?: ReportDefinition;
}

/** Downloads the table the report shows, made by the server with the caller's rights. */
export function useExportReport() {
  return useMutation({
    mutationFn: async (req: ExportRequest) => {
      const blob = req.id
        ? await api.blob(`/report/custom/export/${req.id}`, { format: req.format })
        : await apiRequest<Blob>('/report/custom/export', {
            method: 'POST',
            query: { format: req.format },
            json: { name: req.name, definition: req.definition },
            responseType: 'blob',
          });
      saveBlob(blob, `${req.name.replace(/[\\/:*?"<>|]+/g, '_')}.${req.format}`);
    },
  });
}
