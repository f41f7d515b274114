import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { roleBody, roleCreated, roleList } from '@edoc/contract/role';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createRole, deleteRole, listRoles, updateRole } from './role.service.ts';

/**
 * Roles of the entered project (Authorization Configuration). Any member may list them (role pickers, the
 * folder-grant screens); changes are the project administrator's.
 */
export function roleRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/role/list', { access: 'projectMember', response: roleList }, ({ ctx }) => listRoles(deps, ctx));

  post('/role/create', { access: 'projectAdmin', body: roleBody, response: roleCreated }, async ({ ctx, body }) => ({
    roleId: await createRole(deps, ctx, body),
  }));

  post(
    '/role/update/:id',
    { access: 'projectAdmin', params: idParams, body: roleBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateRole(deps, ctx, { roleId: params.id, input: body });
      return null;
    },
  );

  post('/role/delete/:id', { access: 'projectAdmin', params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteRole(deps, ctx, params.id);
    return null;
  });
}
