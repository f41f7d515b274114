import { idParam } from '@edoc/contract/fields';
import { roleBody } from '@edoc/contract/role';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf, requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createRole, deleteRole, listRoles, updateRole } from './role.service.ts';

const idParams = z.object({ id: idParam });

/**
 * Roles of the entered project (Authorization Configuration). Any member may list them (role pickers, the
 * folder-grant screens); changes are the project administrator's.
 */
export function roleRoutes(api: Api, deps: Deps): void {
  api.get('/role/list', { config: { access: 'projectMember' } }, async (request) =>
    ok(await listRoles(deps, projectOf(request))),
  );

  api.post('/role/create', { config: { access: 'projectAdmin' }, schema: { body: roleBody } }, async (request) =>
    ok({ roleId: await createRole(deps, requireProjectAdmin(request), request.body, actorOf(request)) }),
  );

  api.post(
    '/role/update/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams, body: roleBody } },
    async (request) => {
      await updateRole(deps, requireProjectAdmin(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/role/delete/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams } },
    async (request) => {
      await deleteRole(deps, requireProjectAdmin(request), request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
