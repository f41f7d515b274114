import { idParam } from '@edoc/contract/fields';
import { groupBody } from '@edoc/contract/group';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf, requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './group.service.ts';

const idParams = z.object({ id: idParam });

/**
 * User groups of the entered project (SPEC §2 /manage/group), used by folder grants. Any member may list them
 * (grant and route pickers); changes are the project administrator's.
 */
export function groupRoutes(api: Api, deps: Deps): void {
  api.get('/group/list', { config: { access: 'projectMember' } }, async (request) =>
    ok(await listGroups(deps, projectOf(request))),
  );

  api.post('/group/create', { config: { access: 'projectAdmin' }, schema: { body: groupBody } }, async (request) =>
    ok({ groupId: await createGroup(deps, requireProjectAdmin(request), request.body, actorOf(request)) }),
  );

  api.post(
    '/group/update/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams, body: groupBody } },
    async (request) => {
      await updateGroup(deps, requireProjectAdmin(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/group/delete/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams } },
    async (request) => {
      await deleteGroup(deps, requireProjectAdmin(request), request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
