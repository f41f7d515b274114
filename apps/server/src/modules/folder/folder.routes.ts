import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import {
  folderBody,
  folderCreateBody,
  folderCreated,
  folderList as folderListAnswer,
  folderMoveBody,
  folderSearchQuery,
  folderTreeAnswer,
  folderTypeQuery,
  workspaceFolderList,
} from '@edoc/contract/folder';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { folderGrantRoutes } from './folder-grant.routes.ts';
import { moveFolder } from './folder-move.service.ts';
import { createPermission, folderList, searchTree, workspaceFolders } from './folder-search.service.ts';
import { createFolder, deleteFolder, folderTree, renameFolder } from './folder.service.ts';

// Any member of the entered project passes the gate; the services then apply the folder manage levels.
const access = 'projectMember';

/**
 * Folder trees of the entered project with the caller's derived rights (SPEC §3, §6, §7) and their management
 * (/manage/directory). Who may change what is decided in the services by requireFolderLevel.
 */
export function folderRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  for (const url of ['/folder/tree/0', '/folder/tree/list']) {
    get(url, { access, query: folderTypeQuery, response: folderTreeAnswer }, ({ ctx, query }) =>
      folderTree(deps, ctx, query.type),
    );
  }

  get('/folder/create/permission', { access, response: folderTreeAnswer }, ({ ctx }) => createPermission(deps, ctx));

  get('/folder/names', { access, query: folderTypeQuery, response: folderListAnswer }, ({ ctx, query }) =>
    folderList(deps, ctx, { type: query.type, enabledOnly: true }),
  );

  get('/folder/workspace/list', { access, response: workspaceFolderList }, ({ ctx }) => workspaceFolders(deps, ctx));

  get('/folder/search/tree', { access, query: folderSearchQuery, response: folderTreeAnswer }, ({ ctx, query }) =>
    searchTree(deps, ctx, query),
  );

  get('/folder/list/search', { access, query: folderSearchQuery, response: folderListAnswer }, ({ ctx, query }) =>
    folderList(deps, ctx, query),
  );

  post('/folder/create', { access, body: folderCreateBody, response: folderCreated }, async ({ ctx, body }) => ({
    folderId: await createFolder(deps, ctx, body),
  }));

  post(
    '/folder/rename/:id',
    { access, params: idParams, body: folderBody, response: noData },
    async ({ ctx, params, body }) => {
      await renameFolder(deps, ctx, { folderId: params.id, input: body });
      return null;
    },
  );

  post(
    '/folder/move/:id',
    { access, params: idParams, body: folderMoveBody, response: noData },
    async ({ ctx, params, body }) => {
      await moveFolder(deps, ctx, { folderId: params.id, input: body });
      return null;
    },
  );

  post('/folder/delete/:id', { access, params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteFolder(deps, ctx, params.id);
    return null;
  });

  folderGrantRoutes(api, deps);
}
