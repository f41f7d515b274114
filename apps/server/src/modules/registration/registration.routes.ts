import { companyScopeQuery } from '@edoc/contract/company';
import { idParam } from '@edoc/contract/fields';
import { approveBody, approveListQuery, registerBody } from '@edoc/contract/registration';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { clientOf, type Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { userAdminOf } from '../company/company.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { decideRegistration, listRegistrations, register } from './registration.service.ts';

/** External-user registration (public /register page) and its approval by the company (SPEC §2 /company/approve). */
export function registrationRoutes(api: Api, deps: Deps): void {
  api.post('/register', { config: { access: 'public' as const }, schema: { body: registerBody } }, async (request) =>
    ok(await register(deps, request.body, requestLang(request), clientOf(request))),
  );

  api.get(
    '/company/approve/list',
    { config: { access: 'companyAdmin' }, schema: { querystring: approveListQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listRegistrations(deps, companyId, request.query));
    },
  );

  const approveSchema = { querystring: companyScopeQuery, params: z.object({ userId: idParam }), body: approveBody };
  api.post(
    '/company/approve/:userId/a',
    { config: { access: 'companyAdmin' }, schema: approveSchema },
    async (request) => {
      const { ownCompanyId } = userAdminOf(request, request.query.companyId);
      await decideRegistration(deps, ownCompanyId, request.params.userId, request.body, actorOf(request));
      return ok(null);
    },
  );
}
