import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import {
  memberAddBody,
  memberCandidateList,
  memberCandidatesQuery,
  memberCreated,
  memberListQuery,
  memberUpdateBody,
  projectMemberPage,
} from '@edoc/contract/member';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import {
  addProjectMember,
  changeProjectMember,
  listProjectMembers,
  memberCandidates,
  removeProjectMember,
} from './member-manage.service.ts';

/** The project administrator's members of the entered project (SPEC §2 /manage/user). All calls: STU_PM / COMPANY_ADMIN. */
export function memberManageRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectAdmin';

  get('/manage/member/list', { access, query: memberListQuery, response: projectMemberPage }, ({ ctx, query }) =>
    listProjectMembers(deps, ctx, query),
  );

  get(
    '/manage/member/candidates',
    { access, query: memberCandidatesQuery, response: memberCandidateList },
    ({ ctx, query }) => memberCandidates(deps, ctx, query.searchValue),
  );

  post('/manage/member/add', { access, body: memberAddBody, response: memberCreated }, async ({ ctx, body }) => ({
    memberId: await addProjectMember(deps, ctx, body),
  }));

  post(
    '/manage/member/update/:id',
    { access, params: idParams, body: memberUpdateBody, response: noData },
    async ({ ctx, params, body }) => {
      await changeProjectMember(deps, ctx, { memberId: params.id, input: body });
      return null;
    },
  );

  post('/manage/member/remove/:id', { access, params: idParams, response: noData }, async ({ ctx, params }) => {
    await removeProjectMember(deps, ctx, params.id);
    return null;
  });
}
