import {
  companyBody,
  companyIdData,
  companyItem,
  companyList,
  companyListQuery,
  companyManagerBody,
  companyUserList,
  userIdData,
} from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { assertCompanyExists } from './company.policy.ts';
import {
  addCompanyManager,
  createCompany,
  getCompany,
  listCompanies,
  listCompanyManagers,
  setCompanyEnabled,
  updateCompany,
} from './company.service.ts';

/** Companies and their administrators: the system administrator's screens (SPEC §2 /system/company). */
export function companyRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/company/list', { access: 'systemAdmin', query: companyListQuery, response: companyList }, ({ query }) =>
    listCompanies(deps, query),
  );

  get('/company/:id', { access: 'systemAdmin', params: idParams, response: companyItem }, ({ params }) =>
    getCompany(deps, params.id),
  );

  post(
    '/company/create',
    { access: 'systemAdmin', body: companyBody, response: companyIdData },
    async ({ ctx, body }) => ({
      companyId: await createCompany(deps, ctx, body),
    }),
  );

  post(
    '/company/update/:id',
    { access: 'systemAdmin', params: idParams, body: companyBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateCompany(deps, ctx, { companyId: params.id, input: body });
      return null;
    },
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    post(
      `/company/${action}/:id`,
      { access: 'systemAdmin', params: idParams, response: noData },
      async ({ ctx, params }) => {
        await setCompanyEnabled(deps, ctx, { companyId: params.id, enabled });
        return null;
      },
    );
  }

  post(
    '/company/set/company/manager/a',
    { access: 'systemAdmin', body: companyManagerBody, response: userIdData },
    async ({ ctx, body }) => ({ userId: await addCompanyManager(deps, ctx, body) }),
  );

  // A company manager may see their own company's managers too; another company's are refused.
  get(
    '/company/:id/managers',
    { access: 'companyAdmin', params: idParams, response: companyUserList },
    async ({ ctx, params }) => {
      const companyId = companyOf(ctx, params.id);
      await assertCompanyExists(deps.db, companyId);
      return listCompanyManagers(deps, companyId);
    },
  );
}
