import {
  companyScopeQuery,
  companyUserCreateBody,
  companyUserEditBody,
  companyUserList,
  companyUserPage,
  companyUsersQuery,
  userIdData,
  usersNotInProjectQuery,
} from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { companyUsersCsv } from './company-user.export.ts';
import { companyUserImportRoutes } from './company-user-import.routes.ts';
import {
  allCompanyUsers,
  createCompanyUser,
  editCompanyUser,
  listCompanyUsers,
  resetCompanyUserPassword,
  usersNotInProject,
} from './company-user.service.ts';
import { userAdminOf } from './company.policy.ts';

/**
 * A company's people (SPEC §2 /company/user): the company administrator acts on their own company; the system
 * administrator on any, naming it with companyId (query, or body where the body has the field).
 */
export function companyUserRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(
    '/company/users',
    { access: 'companyAdmin', query: companyUsersQuery, response: companyUserPage },
    ({ ctx, query }) => listCompanyUsers(deps, companyOf(ctx, query.companyId), query),
  );

  get(
    '/company/users/export',
    {
      access: 'companyAdmin',
      query: companyUsersQuery,
      response: { raw: [MEDIA.csv], named: true, description: "The company's users the search finds, as CSV." },
    },
    async ({ ctx, query, reply }) => {
      const companyId = companyOf(ctx, query.companyId);
      const csv = companyUsersCsv(await allCompanyUsers(deps, companyId, query.searchValue), ctx.lang);
      const name = `company-users-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  get(
    '/company/users/not/study',
    { access: 'companyAdmin', query: usersNotInProjectQuery, response: companyUserList },
    ({ ctx, query }) => usersNotInProject(deps, companyOf(ctx, query.companyId), query),
  );

  post(
    '/company/user',
    { access: 'companyAdmin', query: companyScopeQuery, body: companyUserCreateBody, response: userIdData },
    async ({ ctx, query, body }) => {
      const companyId = companyOf(ctx, body.companyId ?? query.companyId);
      return { userId: await createCompanyUser(deps, ctx, { companyId, input: body }) };
    },
  );

  post(
    '/company/user/a',
    { access: 'companyAdmin', query: companyScopeQuery, body: companyUserEditBody, response: noData },
    async ({ ctx, query, body }) => {
      await editCompanyUser(deps, ctx, { ownCompanyId: userAdminOf(ctx, query.companyId), input: body });
      return null;
    },
  );

  post(
    '/company/user/reset/:userId',
    { access: 'companyAdmin', query: companyScopeQuery, params: z.object({ userId: idParam }), response: noData },
    async ({ ctx, query, params }) => {
      await resetCompanyUserPassword(deps, ctx, {
        ownCompanyId: userAdminOf(ctx, query.companyId),
        userId: params.userId,
      });
      return null;
    },
  );

  companyUserImportRoutes(api, deps);
}
