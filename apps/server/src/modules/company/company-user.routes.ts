import {
  companyScopeQuery,
  companyUserCreateBody,
  companyUserEditBody,
  companyUsersQuery,
  usersNotInStudyQuery,
} from '@edoc/contract/company';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { companyUsersCsv } from './company-user.export.ts';
import { companyUserImportRoutes } from './company-user-import.routes.ts';
import {
  allCompanyUsers,
  createCompanyUser,
  editCompanyUser,
  listCompanyUsers,
  resetCompanyUserPassword,
  usersNotInStudy,
} from './company-user.service.ts';
import { userAdminOf } from './company.policy.ts';

/**
 * A company's people (SPEC §2 /company/user): the company administrator acts on their own company; the system
 * administrator on any, naming it with companyId (query, or body where the body has the field).
 */
export function companyUserRoutes(api: Api, deps: Deps): void {
  api.get(
    '/company/users',
    { config: { access: 'companyAdmin' }, schema: { querystring: companyUsersQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listCompanyUsers(deps, companyId, request.query));
    },
  );

  api.get(
    '/company/users/export',
    { config: { access: 'companyAdmin' }, schema: { querystring: companyUsersQuery } },
    async (request, reply) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      const csv = companyUsersCsv(
        await allCompanyUsers(deps, companyId, request.query.searchValue),
        requestLang(request),
      );
      const name = `company-users-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  api.get(
    '/company/users/not/study',
    { config: { access: 'companyAdmin' }, schema: { querystring: usersNotInStudyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await usersNotInStudy(deps, companyId, request.query));
    },
  );

  api.post(
    '/company/user',
    { config: { access: 'companyAdmin' }, schema: { querystring: companyScopeQuery, body: companyUserCreateBody } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.body.companyId ?? request.query.companyId);
      return ok({
        userId: await createCompanyUser(deps, companyId, request.body, requestLang(request), actorOf(request)),
      });
    },
  );

  api.post(
    '/company/user/a',
    { config: { access: 'companyAdmin' }, schema: { querystring: companyScopeQuery, body: companyUserEditBody } },
    async (request) => {
      const { ownCompanyId } = userAdminOf(request, request.query.companyId);
      await editCompanyUser(deps, ownCompanyId, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/company/user/reset/:userId',
    {
      config: { access: 'companyAdmin' },
      schema: { querystring: companyScopeQuery, params: z.object({ userId: idParam }) },
    },
    async (request) => {
      const { ownCompanyId } = userAdminOf(request, request.query.companyId);
      await resetCompanyUserPassword(deps, ownCompanyId, request.params.userId, actorOf(request));
      return ok(null);
    },
  );

  companyUserImportRoutes(api, deps);
}
