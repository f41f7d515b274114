import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { tagBody, tagIdData, tagList } from '@edoc/contract/tag';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createTag, deleteTag, listTags, updateTag } from './tag.service.ts';

/** Project tags (SPEC §2 /manage/tag): any member reads them (documents carry them), the project administrator keeps them. */
export function tagRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/tag/list', { access: 'projectMember', response: tagList }, ({ ctx }) => listTags(deps, ctx.projectId));

  post('/tag/create', { access: 'projectAdmin', body: tagBody, response: tagIdData }, async ({ ctx, body }) => ({
    id: await createTag(deps, ctx, body),
  }));

  post(
    '/tag/update/:id',
    { access: 'projectAdmin', params: idParams, body: tagBody, response: noData },
    async ({ ctx, params, body }) => {
      await updateTag(deps, ctx, { id: params.id, body });
      return null;
    },
  );

  post('/tag/delete/:id', { access: 'projectAdmin', params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteTag(deps, ctx, params.id);
    return null;
  });
}
