import { noData } from '@edoc/contract/envelope';
import { idParam, idParams } from '@edoc/contract/fields';
import {
  folderGrantsAnswer,
  folderGrantsBody,
  directoryTemplateApplied,
  directoryTemplateApplyBody,
  directoryTemplateSaveBody,
  directoryTemplateSaved,
  userFolderRights,
} from '@edoc/contract/folder';
import { directoryTemplateList } from '@edoc/contract/template';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { listDirectoryTemplates } from '../template/template.service.ts';
import { folderGrantsOf, replaceFolderGrants } from './folder-grant.service.ts';
import { projectFlags } from '../../access/folder-rights.ts';
import { userFolderRights as rightsOfUser } from './folder-search.service.ts';
import { applyDirectoryTemplate, saveDirectoryTemplate } from './directory-template.service.ts';

const folderParams = z.object({ folderId: idParam });
/** Authorisation configuration and templates are the project administrator's (STU_PM, COMPANY_ADMIN). */
const access = 'projectAdmin';

/** Folder authorisation (grants, rights by user) and directory templates of /manage/folder_template. */
export function folderGrantRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/folder/grants/:folderId', { access, params: folderParams, response: folderGrantsAnswer }, ({ ctx, params }) =>
    folderGrantsOf(deps, ctx, params.folderId),
  );

  post(
    '/folder/grants/:folderId',
    { access, params: folderParams, body: folderGrantsBody, response: noData },
    async ({ ctx, params, body }) => {
      await replaceFolderGrants(deps, ctx, { folderId: params.folderId, grants: body.grants });
      return null;
    },
  );

  get('/file/permission/user/:id', { access, params: idParams, response: userFolderRights }, ({ ctx, params }) =>
    rightsOfUser(deps, ctx, params.id),
  );

  // Issue 12, defect 3: the project administrator's list (GET /template/directory/list is the company
  // administrator's): the directory templates of the project's company, shipped ones included.
  get('/folder/template/list', { access, response: directoryTemplateList }, async ({ ctx }) =>
    listDirectoryTemplates(deps, (await projectFlags(deps.db, ctx.projectId)).companyId),
  );

  post(
    '/folder/template/apply',
    { access, body: directoryTemplateApplyBody, response: directoryTemplateApplied },
    ({ ctx, body }) => applyDirectoryTemplate(deps, ctx, body),
  );

  post(
    '/folder/template/save',
    { access, body: directoryTemplateSaveBody, response: directoryTemplateSaved },
    ({ ctx, body }) => saveDirectoryTemplate(deps, ctx, body),
  );
}
