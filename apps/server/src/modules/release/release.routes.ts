import { idParam } from '@edoc/contract/fields';
import { pageQuery } from '@edoc/contract/paging';
import { releaseReadBody, releaseSaveBody } from '@edoc/contract/release';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { caller, requireSystemAdmin } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { acknowledgeReleases, deleteRelease, listReleases, saveRelease, unreadReleases } from './release.service.ts';

/**
 * Version upgrade (SPEC §2 /system/version): the system administrator records releases; every signed-in user
 * is shown the ones they have not acknowledged yet ("what's new").
 */
export function releaseRoutes(api: Api, deps: Deps): void {
  api.get(
    '/release/list',
    { config: { access: 'systemAdmin' }, schema: { querystring: pageQuery } },
    async (request) => {
      requireSystemAdmin(request);
      return ok(await listReleases(deps, request.query.pageNum, request.query.pageSize));
    },
  );

  api.post(
    '/release/save/a',
    { config: { access: 'systemAdmin' }, schema: { body: releaseSaveBody } },
    async (request) => {
      requireSystemAdmin(request);
      return ok({ id: await saveRelease(deps, request.body, actorOf(request)) });
    },
  );

  api.post(
    '/release/delete/:id/a',
    { config: { access: 'systemAdmin' }, schema: { params: z.object({ id: idParam }) } },
    async (request) => {
      requireSystemAdmin(request);
      await deleteRelease(deps, request.params.id, actorOf(request));
      return ok(null);
    },
  );

  api.get('/release/unread', async (request) => {
    const auth = caller(request);
    return ok({ releases: await unreadReleases(deps, auth.user.id, requestLang(request)) });
  });

  api.post('/release/read/a', { schema: { body: releaseReadBody.optional() } }, async (request) => {
    const auth = caller(request);
    await acknowledgeReleases(deps, auth.user.id, request.body?.upTo);
    return ok(null);
  });
}
