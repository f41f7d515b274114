import type { CustomReportBody, ReportDefinition } from '@edoc/contract/custom-report';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customReportRoutes } from '@edoc/contract/custom-report-routes';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

/** Custom reports of the entered project (issue 14): mine and those shared with the project. */
const reportsKey = (project: ProjectKey) => [...project, 'custom-reports'] as const;

export const customReportsQuery = (project: ProjectKey) =>
  queryOptions({
    queryKey: [...reportsKey(project), 'list'],
    queryFn: () => call(customReportRoutes.list),
  });

export function useCustomReports() {
  return useQuery(customReportsQuery(useProjectKey()));
}

export function useCustomReport(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'item', id],
    queryFn: () => call(customReportRoutes.detail, { params: { id } }),
    enabled: id !== null,
  });
}

/** A saved report run afresh: every visit reads the data of now, with the caller's rights. */
export function useSavedRun(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'run', id],
    queryFn: () => call(customReportRoutes.run, { params: { id } }),
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
    queryFn: () => call(customReportRoutes.runDraft, { body: { definition } }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** Members the report may be mailed to. */
export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey(useProjectKey()), 'recipients'],
    queryFn: () => call(customReportRoutes.recipients),
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
      if (!id) return (await call(customReportRoutes.create, { body })).id;
      await call(customReportRoutes.update, { params: { id }, body });
      return id;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (id: number) => call(customReportRoutes.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** What to export: a saved report by id, or else the definition being built; the name is the file's stem. */
export type ExportSource = { name: string } & ({ id: number } | { id?: undefined; definition: ReportDefinition });
export type ExportRequest = ExportSource & { format: ReportExportFormat };

/** Downloads the table the report shows, made by the server with the caller's rights. */
export function useExportReport() {
  return useMutation({
    mutationFn: async (req: ExportRequest) => {
      const blob =
        req.id === undefined
          ? await call(customReportRoutes.exportDraft, {
              query: { format: req.format },
              body: { name: req.name, definition: req.definition },
            })
          : await call(customReportRoutes.export, { params: { id: req.id }, query: { format: req.format } });
      saveBlob(blob, `${req.name.replace(/[\\/:*?"<>|]+/g, '_')}.${req.format}`);
    },
  });
}
