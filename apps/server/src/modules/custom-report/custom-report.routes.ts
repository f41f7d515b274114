import {
  customReportBody,
  customReportDraft,
  customReportIdData,
  customReportItem,
  customReportList,
  customReportResult,
  reportRecipientList,
} from '@edoc/contract/custom-report';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { reportExportQuery } from '@edoc/contract/report-export';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { tableExport } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { sendExport } from '../../lib/table-export.ts';
import { exportReport } from './custom-report-export.ts';
import {
  createReport,
  deleteReport,
  getReport,
  listRecipients,
  listReports,
  runFor,
  runSaved,
  updateReport,
} from './custom-report.service.ts';

/**
 * Custom reports (issue 14): every member builds, saves and runs their own and reads those shared with the project.
 * Whatever a report is, each run shows only the rows its runner may see (custom-report-rights.ts).
 */
export function customReportRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/report/custom/list', { access: 'projectMember', response: customReportList }, ({ ctx }) =>
    listReports(deps, ctx),
  );

  get('/report/custom/recipients', { access: 'projectMember', response: reportRecipientList }, ({ ctx }) =>
    listRecipients(deps, ctx),
  );

  get(
    '/report/custom/:id',
    { access: 'projectMember', params: idParams, response: customReportItem },
    ({ ctx, params }) => getReport(deps, ctx, params.id),
  );

  post(
    '/report/custom/a',
    { access: 'projectMember', body: customReportBody, response: customReportIdData },
    async ({ ctx, body }) => ({
      id: await createReport(deps, ctx, body),
    }),
  );

  post(
    '/report/custom/update/:id/a',
    { access: 'projectMember', params: idParams, body: customReportBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateReport(deps, ctx, { id: params.id, body });
      return null;
    },
  );

  post(
    '/report/custom/delete/:id/a',
    { access: 'projectMember', params: idParams, response: noData },
    async ({ ctx, params }) => {
      await deleteReport(deps, ctx, params.id);
      return null;
    },
  );

  // The builder's preview: a definition not saved yet, run with the caller's rights. Reads only.
  post(
    '/report/custom/run',
    { access: 'projectMember', body: customReportDraft, response: customReportResult, writes: false },
    ({ ctx, body }) => runFor(deps, ctx, body.definition),
  );

  get(
    '/report/custom/run/:id',
    { access: 'projectMember', params: idParams, response: customReportResult },
    async ({ ctx, params }) => (await runSaved(deps, ctx, params.id)).result,
  );

  get(
    '/report/custom/export/:id',
    {
      access: 'projectMember',
      params: idParams,
      query: reportExportQuery,
      response: tableExport("The saved report's result, in the format asked for."),
    },
    async ({ ctx, params, query, reply }) => {
      const run = await runSaved(deps, ctx, params.id);
      return sendExport(reply, await exportReport(query.format, run, ctx.lang));
    },
  );

  post(
    '/report/custom/export',
    {
      access: 'projectMember',
      query: reportExportQuery,
      body: customReportDraft,
      response: tableExport("The draft report's result, in the format asked for."),
      writes: false,
    },
    async ({ ctx, query, body, reply }) => {
      const result = await runFor(deps, ctx, body.definition);
      const name = body.name ?? (ctx.lang === 'en-US' ? 'Custom report' : '自定义报表');
      const run = { name, definition: body.definition, result };
      return sendExport(reply, await exportReport(query.format, run, ctx.lang));
    },
  );
}
