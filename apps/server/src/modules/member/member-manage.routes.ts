import { idParam } from '@edoc/contract/fields';
import { memberAddBody, memberCandidatesQuery, memberListQuery, memberUpdateBody } from '@edoc/contract/member';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import {
  addProjectMember,
  changeProjectMember,
  listProjectMembers,
  memberCandidates,
  removeProjectMember,
} from './member-manage.service.ts';

const idParams = z.object({ id: idParam });

/** The project administrator's members of the entered project (SPEC §2 /manage/user). All calls: STU_PM / COMPANY_ADMIN. */
export function memberManageRoutes(api: Api, deps: Deps): void {
  api.get(
    '/manage/member/list',
    { config: { access: 'projectAdmin' }, schema: { querystring: memberListQuery } },
    async (request) => ok(await listProjectMembers(deps, requireProjectAdmin(request), request.query)),
  );

  api.get(
    '/manage/member/candidates',
    { config: { access: 'projectAdmin' }, schema: { querystring: memberCandidatesQuery } },
    async (request) => ok(await memberCandidates(deps, requireProjectAdmin(request), request.query.searchValue)),
  );

  api.post(
    '/manage/member/add',
    { config: { access: 'projectAdmin' }, schema: { body: memberAddBody } },
    async (request) =>
      ok({ memberId: await addProjectMember(deps, requireProjectAdmin(request), request.body, actorOf(request)) }),
  );

  api.post(
    '/manage/member/update/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams, body: memberUpdateBody } },
    async (request) => {
      await changeProjectMember(deps, requireProjectAdmin(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/manage/member/remove/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams } },
    async (request) => {
      await removeProjectMember(deps, requireProjectAdmin(request), request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
