import { companyBody, companyListQuery, companyManagerBody } from '@edoc/contract/company';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin, requireSystemAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
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

const byId = { params: z.object({ id: idParam }) };

/** Companies and their administrators: the system administrator's screens (SPEC §2 /system/company). */
export function companyRoutes(api: Api, deps: Deps): void {
  api.get(
    '/company/list',
    { config: { access: 'systemAdmin' }, schema: { querystring: companyListQuery } },
    async (request) => {
      requireSystemAdmin(request);
      return ok(await listCompanies(deps, request.query));
    },
  );

  api.get('/company/:id', { config: { access: 'systemAdmin' }, schema: byId }, async (request) => {
    requireSystemAdmin(request);
    return ok(await getCompany(deps, request.params.id));
  });

  api.post('/company/create', { config: { access: 'systemAdmin' }, schema: { body: companyBody } }, async (request) => {
    requireSystemAdmin(request);
    return ok({ companyId: await createCompany(deps, request.body, actorOf(request)) });
  });

  api.post(
    '/company/update/:id',
    { config: { access: 'systemAdmin' }, schema: { ...byId, body: companyBody } },
    async (request) => {
      requireSystemAdmin(request);
      await updateCompany(deps, request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    api.post(`/company/${action}/:id`, { config: { access: 'systemAdmin' }, schema: byId }, async (request) => {
      requireSystemAdmin(request);
      await setCompanyEnabled(deps, request.params.id, enabled, actorOf(request));
      return ok(null);
    });
  }

  api.post(
    '/company/set/company/manager/a',
    { config: { access: 'systemAdmin' }, schema: { body: companyManagerBody } },
    async (request) => {
      requireSystemAdmin(request);
      return ok({ userId: await addCompanyManager(deps, request.body, requestLang(request), actorOf(request)) });
    },
  );

  // A company manager may see their own company's managers too; another company's are refused.
  api.get('/company/:id/managers', { config: { access: 'companyAdmin' }, schema: byId }, async (request) => {
    const { companyId } = requireCompanyAdmin(request, request.params.id);
    await assertCompanyExists(deps.db, companyId);
    return ok(await listCompanyManagers(deps, companyId));
  });
}
