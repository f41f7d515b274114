import {
  customReportBody,
  customReportDraft,
  customReportIdData,
  customReportItem,
  customReportList,
  customReportResult,
  reportRecipientList,
} from './custom-report.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { reportExportQuery } from './report-export.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** The project's own reports: saved definitions, drafts run before saving, their exports. */
export const customReportRoutes = {
  list: defineRoute('GET', '/report/custom/list', { response: customReportList }),
  recipients: defineRoute('GET', '/report/custom/recipients', { response: reportRecipientList }),
  detail: defineRoute('GET', '/report/custom/:id', { params: idParams, response: customReportItem }),
  create: defineRoute('POST', '/report/custom/a', { body: customReportBody, response: customReportIdData }),
  update: defineRoute('POST', '/report/custom/update/:id/a', {
    params: idParams,
    body: customReportBody,
    response: noData,
  }),
  delete: defineRoute('POST', '/report/custom/delete/:id/a', { params: idParams, response: noData }),
  runDraft: defineRoute('POST', '/report/custom/run', { body: customReportDraft, response: customReportResult }),
  run: defineRoute('GET', '/report/custom/run/:id', { params: idParams, response: customReportResult }),
  export: defineRoute('GET', '/report/custom/export/:id', {
    params: idParams,
    query: reportExportQuery,
    response: rawAnswer,
  }),
  exportDraft: defineRoute('POST', '/report/custom/export', {
    query: reportExportQuery,
    body: customReportDraft,
    response: rawAnswer,
  }),
};
