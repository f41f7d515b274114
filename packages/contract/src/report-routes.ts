import {
  companyReport,
  companyReportExportQuery,
  companyReportQuery,
  reportAnswer,
  systemReportCatalogue,
  systemReportExportQuery,
  systemReportQuery,
} from './report.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** The project's ready-made System Report and the company administrator's report across projects. */
export const reportRoutes = {
  catalogue: defineRoute('GET', '/report/system/list', { response: systemReportCatalogue }),
  data: defineRoute('GET', '/report/system/data', { query: systemReportQuery, response: reportAnswer }),
  export: defineRoute('GET', '/report/system/export', { query: systemReportExportQuery, response: rawAnswer }),
  company: defineRoute('GET', '/company/report', { query: companyReportQuery, response: companyReport }),
  companyExport: defineRoute('GET', '/company/report/export', { query: companyReportExportQuery, response: rawAnswer }),
};
