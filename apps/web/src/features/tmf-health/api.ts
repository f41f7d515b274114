import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QualityIssueCategory } from '@edoc/contract/quality-issue';
import type { TmfExportFormat, TmfItemList, TmfTargetBody } from '@edoc/contract/tmf-health';
import type { TmfMailBody } from '@edoc/contract/tmf-health-mail';
import type { TmfIndexFormat } from '@edoc/contract/tmf-index';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey } from '../../lib/project-query';
import { useSession } from '../../lib/session';
import type { HealthView } from './health-address';

/** Labels (zone, section, artifact names) come in the caller's language, so the language is part of the key. */
const useHealthKey = () => [...useProjectKey(), 'tmf-health', useSession().language] as const;

/** The figures of everything, per group and the 12-week trend; the previous ones stay while the next load. */
export function useTmfSummary(view: HealthView) {
  return useQuery({
    queryKey: [...useHealthKey(), 'summary', view],
    queryFn: () => call(tmfHealthRoutes.summary, { query: view }),
    placeholderData: keepPreviousData,
    // The page explains its refusals itself: 409 tmf_model_none is its empty state, not a toast.
    meta: { silentError: true },
  });
}

interface DrillQuery extends HealthView {
  key?: string;
  page: number;
  pageSize: number;
}

export function useTmfItems(query: DrillQuery & { list: TmfItemList }, enabled: boolean) {
  return useQuery({
    queryKey: [...useHealthKey(), 'items', query],
    queryFn: () => call(tmfHealthRoutes.items, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTmfLate(query: DrillQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...useHealthKey(), 'late', query],
    queryFn: () => call(tmfHealthRoutes.late, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTmfIssues(query: DrillQuery & { category?: QualityIssueCategory }, enabled: boolean) {
  return useQuery({
    queryKey: [...useHealthKey(), 'issues', query],
    queryFn: () => call(tmfHealthRoutes.issues, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** Downloads the summary on screen (its grouping and scope) in the format chosen (Excel, PDF). */
export function useExportTmfHealth(view: HealthView, title: string) {
  return useMutation({
    mutationFn: (format: TmfExportFormat) => call(tmfHealthRoutes.export, { query: { ...view, format } }),
    onSuccess: (blob, format) => saveBlob(blob, `${title}-${stamp()}.${format}`),
  });
}

/**
 * Downloads the TMF index for inspection (issue 27 part 7) in the format chosen, narrowed to the country or site on
 * screen; the server lists only what the reader may see.
 */
export function useExportTmfIndex(scope: { countryId?: number; siteId?: number }, fileStem: string) {
  return useMutation({
    mutationFn: (format: TmfIndexFormat) => call(tmfHealthRoutes.index, { query: { ...scope, format } }),
    onSuccess: (blob, format) => saveBlob(blob, `${fileStem}-${stamp()}.${format}`),
  });
}

/** The reader's own weekly mail of the dashboard in this project. */
export function useTmfMail() {
  return useQuery({
    queryKey: [...useProjectKey(), 'tmf-health-mail'],
    queryFn: () => call(tmfHealthRoutes.mail),
  });
}

/** Subscribes or unsubscribes the reader (only themself); the state is read again. */
export function useSetTmfMail() {
  const queryClient = useQueryClient();
  const queryKey = [...useProjectKey(), 'tmf-health-mail'];
  return useMutation({
    mutationFn: (body: TmfMailBody) => call(tmfHealthRoutes.setMail, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Sets the project's timeliness target; every figure and list refreshes, as "late" follows it. */
export function useSetTmfTarget() {
  const queryClient = useQueryClient();
  const queryKey = [...useProjectKey(), 'tmf-health'];
  return useMutation({
    mutationFn: (body: TmfTargetBody) => call(tmfHealthRoutes.target, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** The company's projects with their figures (a system administrator's session names the company). */
export function useTmfCompany() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ['tmf-health-company', companyId],
    queryFn: () => call(tmfHealthRoutes.company, { query: { companyId: companyId ?? undefined } }),
  });
}
