import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { pageQuery } from '@edoc/contract/paging';
import {
  releaseList,
  releaseReadBody,
  releaseSaveBody,
  releaseSaved,
  unreadReleases as unreadData,
} from '@edoc/contract/release';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { acknowledgeReleases, deleteRelease, listReleases, saveRelease, unreadReleases } from './release.service.ts';

/**
 * Version upgrade (SPEC §2 /system/version): the system administrator records releases; every signed-in user
 * is shown the ones they have not acknowledged yet ("what's new").
 */
export function releaseRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/release/list', { access: 'systemAdmin', query: pageQuery, response: releaseList }, ({ query }) =>
    listReleases(deps, query.pageNum, query.pageSize),
  );

  post(
    '/release/save/a',
    { access: 'systemAdmin', body: releaseSaveBody, response: releaseSaved },
    async ({ ctx, body }) => ({ id: await saveRelease(deps, ctx, body) }),
  );

  post(
    '/release/delete/:id/a',
    { access: 'systemAdmin', params: idParams, response: noData },
    async ({ ctx, params }) => {
      await deleteRelease(deps, ctx, params.id);
      return null;
    },
  );

  get('/release/unread', { access: 'signedIn', response: unreadData }, async ({ ctx }) => ({
    releases: await unreadReleases(deps, ctx.auth.user.id, ctx.lang),
  }));

  post(
    '/release/read/a',
    { access: 'signedIn', body: releaseReadBody.optional(), response: noData },
    async ({ ctx, body }) => {
      await acknowledgeReleases(deps, ctx.auth.user.id, body?.upTo);
      return null;
    },
  );
}
