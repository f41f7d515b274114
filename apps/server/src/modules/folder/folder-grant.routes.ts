import { idParam } from '@edoc/contract/fields';
import { folderGrantsBody, folderTemplateApplyBody, folderTemplateSaveBody } from '@edoc/contract/folder';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../trail/trail.service.ts';
import { requireProjectAdmin } from '../study/study.policy.ts';
import { folderGrantsOf, replaceFolderGrants } from './folder-grant.service.ts';
import { userFolderRights } from './folder-search.service.ts';
import { applyDirectoryTemplate, saveDirectoryTemplate } from './folder-template.service.ts';

const folderParams = z.object({ folderId: idParam });
const idParams = z.object({ id: idParam });
/** Authorisation configuration and templates are the project administrator's (STU_PM, COMPANY_ADMIN). */
const admin = { access: 'projectAdmin' } as const;

/** Folder authorisation (grants, rights by user) and directory templates of /manage/folder_template. */
export function folderGrantRoutes(api: Api, deps: Deps): void {
  api.get('/folder/grants/:folderId', { config: admin, schema: { params: folderParams } }, async (request) =>
    ok(await folderGrantsOf(deps, requireProjectAdmin(request), request.params.folderId)),
  );

  api.post(
    '/folder/grants/:folderId',
    { config: admin, schema: { params: folderParams, body: folderGrantsBody } },
    async (request) => {
      const ctx = requireProjectAdmin(request);
      await replaceFolderGrants(deps, ctx, request.params.folderId, request.body.grants, actorOf(request));
      return ok(null);
    },
  );

  api.get('/file/permission/user/:id', { config: admin, schema: { params: idParams } }, async (request) =>
    ok(await userFolderRights(deps, requireProjectAdmin(request), request.params.id)),
  );

  api.post('/folder/template/apply', { config: admin, schema: { body: folderTemplateApplyBody } }, async (request) =>
    ok(await applyDirectoryTemplate(deps, requireProjectAdmin(request), request.body, actorOf(request))),
  );

  api.post('/folder/template/save', { config: admin, schema: { body: folderTemplateSaveBody } }, async (request) =>
    ok(await saveDirectoryTemplate(deps, requireProjectAdmin(request), request.body, actorOf(request))),
  );
}
