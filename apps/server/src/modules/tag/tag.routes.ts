import { idParam } from '@edoc/contract/fields';
import { tagBody } from '@edoc/contract/tag';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf, requireProjectAdmin } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createTag, deleteTag, listTags, updateTag } from './tag.service.ts';

const idParams = z.object({ id: idParam });

/** Project tags (SPEC §2 /manage/tag): any member reads them (documents carry them), the project administrator keeps them. */
export function tagRoutes(api: Api, deps: Deps): void {
  api.get('/tag/list', { config: { access: 'projectMember' } }, async (request) =>
    ok(await listTags(deps, projectOf(request).projectId)),
  );

  api.post('/tag/create', { config: { access: 'projectAdmin' }, schema: { body: tagBody } }, async (request) => {
    const { projectId } = requireProjectAdmin(request);
    return ok({ id: await createTag(deps, projectId, request.body, actorOf(request)) });
  });

  api.post(
    '/tag/update/:id',
    { config: { access: 'projectAdmin' }, schema: { params: idParams, body: tagBody } },
    async (request) => {
      const { projectId } = requireProjectAdmin(request);
      await updateTag(deps, projectId, request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post('/tag/delete/:id', { config: { access: 'projectAdmin' }, schema: { params: idParams } }, async (request) => {
    const { projectId } = requireProjectAdmin(request);
    await deleteTag(deps, projectId, request.params.id, actorOf(request));
    return ok(null);
  });
}
