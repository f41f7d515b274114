import type { CompanyProjectFigures, ReportAnswer, ReportFamily, ReportFilterName } from '@edoc/contract/report';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey } from '../../lib/project-query';
import { useSession } from '../../lib/session';
import type { ReportFilterValues } from './report-address';

export interface CatalogueEntry {
  key: string;
  title: string;
  family: ReportFamily;
  filters: ReportFilterName[];
}

/** The ready-made reports, named by the server in the reader's language (the exports use the same words). */
export function useReportCatalogue() {
  const project = useProjectKey();
  const { language } = useSession();
  return useQuery({
    queryKey: [...project, 'report', 'catalogue', language],
    queryFn: () => api.get<CatalogueEntry[]>('/report/system/list'),
  });
}

const params = (f: ReportFilterValues) => ({ ...f, key: f.key });

/** One report's chart and table; the previous one stays on screen while the next filters load. */
export function useSystemReport(filters: ReportFilterValues) {
  const project = useProjectKey();
  const { language } = useSession();
  return useQuery({
    queryKey: [...project, 'report', 'system', filters, language],
    queryFn: () => api.get<ReportAnswer>('/report/system/data', params(filters)),
    placeholderData: keepPreviousData,
  });
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** Downloads the report's table as Excel, PDF or CSV, with the filters on screen. */
export function useExportSystemReport(filters: ReportFilterValues, title: string) {
  return useMutation({
    mutationFn: (format: ReportExportFormat) => api.blob('/report/system/export', { ...params(filters), format }),
    onSuccess: (blob, format) => saveBlob(blob, `${title}-${stamp()}.${format}`),
  });
}

/** The company administrator's figures per project (a system administrator's session names the company). */
export function useCompanyReport() {
  const { companyId, language } = useSession();
  return useQuery({
    queryKey: ['company-report', companyId, language],
    queryFn: () => api.get<CompanyProjectFigures[]>('/company/report', { companyId: companyId ?? undefined }),
  });
}

export function useExportCompanyReport(title: string) {
  const { companyId } = useSession();
  return useMutation({
    mutationFn: (format: ReportExportFormat) =>
      api.blob('/company/report/export', { companyId: companyId ?? undefined, format }),
    onSuccess: (blob, format) => saveBlob(blob, `${title}-${stamp()}.${format}`),
  });
}
