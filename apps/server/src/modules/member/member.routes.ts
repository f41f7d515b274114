import { companyScopeQuery as companyQuery } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { idParam, idParams } from '@edoc/contract/fields';
import {
  memberAddBody,
  memberCreated,
  memberUpdateBody,
  projectMemberList,
  projectRoleList,
} from '@edoc/contract/member';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { companyOf } from '../../plugins/context.ts';
import { addMember, changeMember, listMembers, listProjectSites, listRoles, removeMember } from './member.service.ts';
import { siteList } from '@edoc/contract/site';

const memberParams = z.object({ id: idParam, memberId: idParam });

/** Which company users are in which project with which role (SPEC §2 /company/project/user). */
export function memberRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'companyAdmin';

  get(
    '/project/:id/members',
    { access, params: idParams, query: companyQuery, response: projectMemberList },
    ({ ctx, params, query }) => listMembers(deps, companyOf(ctx, query.companyId), params.id),
  );

  get(
    '/project/:id/roles',
    { access, params: idParams, query: companyQuery, response: projectRoleList },
    ({ ctx, params, query }) => listRoles(deps, companyOf(ctx, query.companyId), params.id),
  );

  get(
    '/project/:id/sites',
    { access, params: idParams, query: companyQuery, response: siteList },
    ({ ctx, params, query }) => listProjectSites(deps, companyOf(ctx, query.companyId), params.id),
  );

  post(
    '/project/:id/members',
    {
      access,
      params: idParams,
      query: companyQuery,
      body: memberAddBody,
      response: memberCreated,
    },
    async ({ ctx, params, query, body }) => ({
      memberId: await addMember(deps, ctx, {
        companyId: companyOf(ctx, query.companyId),
        projectId: params.id,
        input: body,
      }),
    }),
  );

  post(
    '/project/:id/members/:memberId/a',
    { access, params: memberParams, query: companyQuery, body: memberUpdateBody, response: noData },
    async ({ ctx, params, query, body }) => {
      await changeMember(deps, ctx, {
        companyId: companyOf(ctx, query.companyId),
        projectId: params.id,
        memberId: params.memberId,
        input: body,
      });
      return null;
    },
  );

  post(
    '/project/:id/members/:memberId/remove',
    { access, params: memberParams, query: companyQuery, response: noData },
    async ({ ctx, params, query }) => {
      await removeMember(deps, ctx, {
        companyId: companyOf(ctx, query.companyId),
        projectId: params.id,
        memberId: params.memberId,
      });
      return null;
    },
  );
}
