import {
  companyReport,
  companyReportExportQuery,
  companyReportQuery,
  reportAnswer,
  systemReportExportQuery,
  systemReportQuery,
} from '@edoc/contract/report';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { tableExport } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { sendExport } from '../../lib/table-export.ts';
import { companyOf } from '../../plugins/context.ts';
import { companyReportOf, exportCompanyReport } from './company-report.service.ts';
import { exportSystemReport, systemCatalogue, systemReport } from './report.service.ts';

const catalogue = z.array(
  z.object({ key: z.string(), title: z.string(), family: z.string(), filters: z.array(z.string()) }),
);

/**
 * Issue 14: the project's System Report (its administrators, under /manage) and the company administrator's report
 * across the company's projects. They only read: nothing is written, exports included (as the trail's export).
 */
export function reportRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);

  get('/report/system/list', { access: 'projectAdmin', response: catalogue }, ({ ctx }) => systemCatalogue(ctx.lang));

  get(
    '/report/system/data',
    { access: 'projectAdmin', query: systemReportQuery, response: reportAnswer, preloadRights: true },
    ({ ctx, query, request }) => systemReport(readsOf(deps, request), ctx, query),
  );

  get(
    '/report/system/export',
    {
      access: 'projectAdmin',
      query: systemReportExportQuery,
      response: tableExport('The chosen System Report as a table, in the format asked for.'),
    },
    async ({ ctx, query, reply }) => sendExport(reply, await exportSystemReport(deps, ctx, query)),
  );

  get(
    '/company/report',
    { access: 'companyAdmin', query: companyReportQuery, response: companyReport },
    ({ ctx, query, request }) => companyReportOf(readsOf(deps, request), companyOf(ctx, query.companyId)),
  );

  get(
    '/company/report/export',
    {
      access: 'companyAdmin',
      query: companyReportExportQuery,
      response: tableExport("The company report's table, in the format asked for."),
    },
    async ({ ctx, query, reply }) =>
      sendExport(reply, await exportCompanyReport(deps, ctx, { ...query, companyId: companyOf(ctx, query.companyId) })),
  );
}
