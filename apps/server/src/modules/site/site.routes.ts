import { idParam } from '@edoc/contract/fields';
import { siteBody } from '@edoc/contract/site';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf, requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createSite, deleteSite, listSites, updateSite } from './site.service.ts';

const idParams = z.object({ id: idParam });

/**
 * Sites of the entered project (Site Management). Any member may list them (site pickers of members, documents
 * and folders); changes are the project administrator's.
 */
export function siteRoutes(api: Api, deps: Deps): void {
  api.get('/site/list', { config: { access: 'projectMember' } }, async (request) =>
    ok(await listSites(deps, projectOf(request))),
  );

  api.post('/site/create', { config: { access: 'projectAdmin' }, schema: { body: siteBody } }, async (request) =>
    ok({ siteId: await createSite(deps, requireProjectAdmin(request), request.body, actorOf(request)) }),
  );

  api.post(
    '/site/update/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams, body: siteBody } },
    async (request) => {
      await updateSite(deps, requireProjectAdmin(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/site/delete/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams } },
    async (request) => {
      await deleteSite(deps, requireProjectAdmin(request), request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
