import { idParam } from '@edoc/contract/fields';
import {
  folderBody,
  folderCreateBody,
  folderMoveBody,
  folderSearchQuery,
  folderTypeQuery,
} from '@edoc/contract/folder';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../trail/trail.service.ts';
import { projectOf } from '../study/study.policy.ts';
import { folderGrantRoutes } from './folder-grant.routes.ts';
import { moveFolder } from './folder-move.service.ts';
import { createPermission, folderList, searchTree } from './folder-search.service.ts';
import { createFolder, deleteFolder, folderTree, renameFolder } from './folder.service.ts';

const idParams = z.object({ id: idParam });
// Any member of the entered project passes the gate; the services then apply the folder manage levels.
const member = { access: 'projectMember' } as const;

/**
 * Folder trees of the entered project with the caller's derived rights (SPEC §3, §6, §7) and their management
 * (/manage/directory). Who may change what is decided in the services by requireFolderLevel.
 */
export function folderRoutes(api: Api, deps: Deps): void {
  api.get('/folder/tree/0', { config: member, schema: { querystring: folderTypeQuery } }, async (request) =>
    ok(await folderTree(deps, projectOf(request), request.query.type)),
  );

  api.get('/folder/tree/list', { config: member, schema: { querystring: folderTypeQuery } }, async (request) =>
    ok(await folderTree(deps, projectOf(request), request.query.type)),
  );

  api.get('/folder/create/permission', { config: member }, async (request) =>
    ok(await createPermission(deps, projectOf(request))),
  );

  api.get('/folder/names', { config: member, schema: { querystring: folderTypeQuery } }, async (request) =>
    ok(await folderList(deps, projectOf(request), { type: request.query.type, enabledOnly: true })),
  );

  api.get('/folder/search/tree', { config: member, schema: { querystring: folderSearchQuery } }, async (request) =>
    ok(await searchTree(deps, projectOf(request), request.query)),
  );

  api.get('/folder/list/search', { config: member, schema: { querystring: folderSearchQuery } }, async (request) =>
    ok(await folderList(deps, projectOf(request), request.query)),
  );

  api.post('/folder/create', { config: member, schema: { body: folderCreateBody } }, async (request) =>
    ok({ folderId: await createFolder(deps, projectOf(request), request.body, actorOf(request)) }),
  );

  api.post(
    '/folder/rename/:id',
    { config: member, schema: { params: idParams, body: folderBody } },
    async (request) => {
      await renameFolder(deps, projectOf(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/folder/move/:id',
    { config: member, schema: { params: idParams, body: folderMoveBody } },
    async (request) => {
      await moveFolder(deps, projectOf(request), request.params.id, request.body, actorOf(request));
      return ok(null);
    },
  );

  api.post('/folder/delete/:id', { config: member, schema: { params: idParams } }, async (request) => {
    await deleteFolder(deps, projectOf(request), request.params.id, actorOf(request));
    return ok(null);
  });

  folderGrantRoutes(api, deps);
}
