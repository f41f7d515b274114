import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { siteBody, siteCreated, siteList } from '@edoc/contract/site';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createSite, deleteSite, listSites, updateSite } from './site.service.ts';

/**
 * Sites of the entered project (Site Management). Any member may list them (site pickers of members, documents
 * and folders); changes are the project administrator's.
 */
export function siteRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/site/list', { access: 'projectMember', response: siteList }, ({ ctx }) => listSites(deps, ctx));

  post('/site/create', { access: 'projectAdmin', body: siteBody, response: siteCreated }, async ({ ctx, body }) => ({
    siteId: await createSite(deps, ctx, body),
  }));

  post(
    '/site/update/:id',
    { access: 'projectAdmin', params: idParams, body: siteBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateSite(deps, ctx, { siteId: params.id, input: body });
      return null;
    },
  );

  post('/site/delete/:id', { access: 'projectAdmin', params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteSite(deps, ctx, params.id);
    return null;
  });
}
