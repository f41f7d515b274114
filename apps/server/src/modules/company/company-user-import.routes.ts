import { companyScopeQuery } from '@edoc/contract/company';
import { importResult } from '@edoc/contract/excel';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { importCompanyUsers, userImportSample } from './company-user-import.service.ts';
import { fileOnly } from '@edoc/contract/fields';

/** Company users from an Excel workbook: the company administrator, or the system administrator naming companyId. */
export function companyUserImportRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(
    '/company/user/import/sample',
    {
      access: 'companyAdmin',
      query: companyScopeQuery,
      response: workbook('The company-user import sample, to fill in.'),
    },
    async ({ ctx, query, reply }) => {
      companyOf(ctx, query.companyId);
      const name = ctx.lang === 'en-US' ? 'company-users-template.xlsx' : '公司用户导入模板.xlsx';
      return reply.headers(xlsxHeaders(name)).send(await userImportSample(ctx.lang));
    },
  );

  post(
    '/company/user/import',
    { access: 'companyAdmin', query: companyScopeQuery, multipart: fileOnly, response: importResult },
    async ({ ctx, query, request }) => {
      const companyId = companyOf(ctx, query.companyId);
      const file = await readUpload(request);
      return importCompanyUsers(deps, ctx, { companyId, file });
    },
  );
}
