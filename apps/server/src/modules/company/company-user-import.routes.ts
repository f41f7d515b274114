import { companyScopeQuery } from '@edoc/contract/company';
import type { Deps } from '../../lib/deps.ts';
import { readUpload, xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { importCompanyUsers, userImportSample } from './company-user-import.service.ts';

/** Company users from an Excel workbook: the company administrator, or the system administrator naming companyId. */
export function companyUserImportRoutes(api: Api, deps: Deps): void {
  api.get('/company/user/import/sample', { schema: { querystring: companyScopeQuery } }, async (request, reply) => {
    requireCompanyAdmin(request, request.query.companyId);
    const lang = requestLang(request);
    const name = lang === 'en-US' ? 'company-users-template.xlsx' : '公司用户导入模板.xlsx';
    return reply.headers(xlsxHeaders(name)).send(await userImportSample(lang));
  });

  api.post('/company/user/import', { schema: { querystring: companyScopeQuery } }, async (request) => {
    const { companyId } = requireCompanyAdmin(request, request.query.companyId);
    const file = await readUpload(request);
    return ok(await importCompanyUsers(deps, companyId, file, requestLang(request), actorOf(request)));
  });
}
