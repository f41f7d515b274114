import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { requireCompanyAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { addMember, changeMember, listMembers, listRoles, removeMember } from './member.service.ts';

const projectParams = z.object({ id: idParam });
const memberParams = z.object({ id: idParam, memberId: idParam });
const memberBody = z.object({
  roleId: z.number('required').int().positive('invalid_value'),
  siteIds: z.array(z.number().int().positive()).max(500).default([]),
});

/** Which company users are in which project with which role (SPEC §2 /company/project/user). */
export function memberRoutes(api: Api, deps: Deps): void {
  api.get(
    '/project/:id/members',
    { config: { access: 'companyAdmin' }, schema: { params: projectParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listMembers(deps, companyId, request.params.id));
    },
  );

  api.get(
    '/project/:id/roles',
    { config: { access: 'companyAdmin' }, schema: { params: projectParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok(await listRoles(deps, companyId, request.params.id));
    },
  );

  api.post(
    '/project/:id/members',
    {
      config: { access: 'companyAdmin' },
      schema: {
        params: projectParams,
        querystring: companyQuery,
        body: memberBody.extend({ userId: z.number('required').int().positive() }),
      },
    },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      return ok({ memberId: await addMember(deps, companyId, request.params.id, request.body, actorOf(request)) });
    },
  );

  api.post(
    '/project/:id/members/:memberId/a',
    {
      config: { access: 'companyAdmin' },
      schema: { params: memberParams, querystring: companyQuery, body: memberBody },
    },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      await changeMember(deps, companyId, request.params.id, request.params.memberId, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/project/:id/members/:memberId/remove',
    { config: { access: 'companyAdmin' }, schema: { params: memberParams, querystring: companyQuery } },
    async (request) => {
      const { companyId } = requireCompanyAdmin(request, request.query.companyId);
      await removeMember(deps, companyId, request.params.id, request.params.memberId, actorOf(request));
      return ok(null);
    },
  );
}
