import { companyScopeQuery } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { idParam } from '@edoc/contract/fields';
import {
  approveBody,
  approveListQuery,
  registerBody,
  registerData,
  registrationList,
} from '@edoc/contract/registration';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { userAdminOf } from '../company/company.policy.ts';
import { decideRegistration, listRegistrations, register } from './registration.service.ts';

/** External-user registration (public /register page) and its approval by the company (SPEC §2 /company/approve). */
export function registrationRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  post('/register', { access: 'public', body: registerBody, response: registerData }, ({ ctx, body }) =>
    register(deps, ctx, body),
  );

  get(
    '/company/approve/list',
    { access: 'companyAdmin', query: approveListQuery, response: registrationList },
    ({ ctx, query }) => listRegistrations(deps, companyOf(ctx, query.companyId), query),
  );

  post(
    '/company/approve/:userId/a',
    {
      access: 'companyAdmin',
      query: companyScopeQuery,
      params: z.object({ userId: idParam }),
      body: approveBody,
      response: noData,
    },
    async ({ ctx, query, params, body }) => {
      await decideRegistration(deps, ctx, {
        ownCompanyId: userAdminOf(ctx, query.companyId),
        userId: params.userId,
        input: body,
      });
      return null;
    },
  );
}
