import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { groupBody, groupCreated, groupList } from '@edoc/contract/group';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './group.service.ts';

/**
 * User groups of the entered project (SPEC §2 /manage/group), used by folder grants. Any member may list them
 * (grant and route pickers); changes are the project administrator's.
 */
export function groupRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/group/list', { access: 'projectMember', response: groupList }, ({ ctx }) => listGroups(deps, ctx));

  post('/group/create', { access: 'projectAdmin', body: groupBody, response: groupCreated }, async ({ ctx, body }) => ({
    groupId: await createGroup(deps, ctx, body),
  }));

  post(
    '/group/update/:id',
    { access: 'projectAdmin', params: idParams, body: groupBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateGroup(deps, ctx, { groupId: params.id, input: body });
      return null;
    },
  );

  post('/group/delete/:id', { access: 'projectAdmin', params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteGroup(deps, ctx, params.id);
    return null;
  });
}
