import type { ReportExportFormat } from '@edoc/contract/report-export';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@edoc/contract/report-routes';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey } from '../../lib/project-query';
import { useSession } from '../../lib/session';
import type { ReportFilterValues } from './report-address';

/** The ready-made reports, named by the server in the reader's language (the exports use the same words). */
export function useReportCatalogue() {
  const project = useProjectKey();
  const { language } = useSession();
  return useQuery({
    queryKey: [...project, 'report', 'catalogue', language],
    queryFn: () => call(reportRoutes.catalogue),
  });
}

const params = (f: ReportFilterValues) => ({ ...f, key: f.key });

/** One report's chart and table; the previous one stays on screen while the next filters load. */
export function useSystemReport(filters: ReportFilterValues) {
  const project = useProjectKey();
  const { language } = useSession();
  return useQuery({
    queryKey: [...project, 'report', 'system', filters, language],
    queryFn: () => call(reportRoutes.data, { query: params(filters) }),
    placeholderData: keepPreviousData,
  });
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** Downloads the report's table as Excel, PDF or CSV, with the filters on screen. */
export function useExportSystemReport(filters: ReportFilterValues, title: string) {
  return useMutation({
    mutationFn: (format: ReportExportFormat) => call(reportRoutes.export, { query: { ...params(filters), format } }),
    onSuccess: (blob, format) => saveBlob(blob, `${title}-${stamp()}.${format}`),
  });
}

/** The company administrator's figures per project (a system administrator's session names the company). */
export function useCompanyReport() {
  const { companyId, language } = useSession();
  return useQuery({
    queryKey: ['company-report', companyId, language],
    queryFn: () => call(reportRoutes.company, { query: { companyId: companyId ?? undefined } }),
  });
}

export function useExportCompanyReport(title: string) {
  const { companyId } = useSession();
  return useMutation({
    mutationFn: (format: ReportExportFormat) =>
      call(reportRoutes.companyExport, { query: { companyId: companyId ?? undefined, format } }),
    onSuccess: (blob, format) => saveBlob(blob, `${title}-${stamp()}.${format}`),
  });
}
