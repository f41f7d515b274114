import { idParam, optionalText, requiredText } from '@edoc/contract/fields';
import { TREE_TITLE_MAX } from '@edoc/contract/limits';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../trail/trail.service.ts';
import { projectOf } from '../study/study.policy.ts';
import { createFolder, deleteFolder, folderTree, renameFolder } from './folder.service.ts';

const typeQuery = z.object({ type: z.coerce.number().int().min(0).max(1).optional() });
const folderBody = z.object({
  name: requiredText(TREE_TITLE_MAX),
  nameEn: optionalText(TREE_TITLE_MAX),
  ichCode: optionalText(32),
});
const idParams = z.object({ id: idParam });

/** Folder trees of the entered project with the caller's derived rights (SPEC §3, §6, §7). */
export function folderRoutes(api: Api, deps: Deps): void {
  api.get('/folder/tree/0', { schema: { querystring: typeQuery } }, async (request) =>
    ok(await folderTree(deps, projectOf(request), request.query.type)),
  );

  api.get('/folder/tree/list', { schema: { querystring: typeQuery } }, async (request) =>
    ok(await folderTree(deps, projectOf(request), request.query.type)),
  );

  api.post(
    '/folder/create',
    {
      schema: {
        body: folderBody.extend({
          parentId: z.number().int().min(0).default(0),
          type: z.number().int().min(0).max(1).default(0),
        }),
      },
    },
    async (request) => ok({ folderId: await createFolder(deps, projectOf(request), request.body, actorOf(request)) }),
  );

  api.post('/folder/rename/:id', { schema: { params: idParams, body: folderBody } }, async (request) => {
    await renameFolder(deps, projectOf(request), request.params.id, request.body, actorOf(request));
    return ok(null);
  });

  api.post('/folder/delete/:id', { schema: { params: idParams } }, async (request) => {
    await deleteFolder(deps, projectOf(request), request.params.id, actorOf(request));
    return ok(null);
  });
}
