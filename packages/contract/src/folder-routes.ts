import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import {
  folderBody,
  folderCreateBody,
  folderCreated,
  folderGrantsAnswer,
  folderGrantsBody,
  folderIdParams,
  folderList,
  folderMoveBody,
  folderSearchQuery,
  directoryTemplateApplied,
  directoryTemplateApplyBody,
  directoryTemplateSaveBody,
  directoryTemplateSaved,
  folderTreeAnswer,
  folderTypeQuery,
  userFolderRights,
  workspaceFolderList,
} from './folder.ts';
import { directoryTemplateList } from './project.ts';
import { defineRoute } from './route.ts';

/** The entered project's folder trees with the caller's rights, their management, grants and directory templates. */
export const folderRoutes = {
  tree0: defineRoute('GET', '/folder/tree/0', { query: folderTypeQuery, response: folderTreeAnswer }),
  tree: defineRoute('GET', '/folder/tree/list', { query: folderTypeQuery, response: folderTreeAnswer }),
  createPermission: defineRoute('GET', '/folder/create/permission', { response: folderTreeAnswer }),
  names: defineRoute('GET', '/folder/names', { query: folderTypeQuery, response: folderList }),
  workspaceList: defineRoute('GET', '/folder/workspace/list', { response: workspaceFolderList }),
  searchTree: defineRoute('GET', '/folder/search/tree', { query: folderSearchQuery, response: folderTreeAnswer }),
  searchList: defineRoute('GET', '/folder/list/search', { query: folderSearchQuery, response: folderList }),
  create: defineRoute('POST', '/folder/create', { body: folderCreateBody, response: folderCreated }),
  rename: defineRoute('POST', '/folder/rename/:id', { params: idParams, body: folderBody, response: noData }),
  move: defineRoute('POST', '/folder/move/:id', { params: idParams, body: folderMoveBody, response: noData }),
  delete: defineRoute('POST', '/folder/delete/:id', { params: idParams, response: noData }),
  grants: defineRoute('GET', '/folder/grants/:folderId', { params: folderIdParams, response: folderGrantsAnswer }),
  saveGrants: defineRoute('POST', '/folder/grants/:folderId', {
    params: folderIdParams,
    body: folderGrantsBody,
    response: noData,
  }),
  userRights: defineRoute('GET', '/file/permission/user/:id', { params: idParams, response: userFolderRights }),
  templateList: defineRoute('GET', '/folder/template/list', { response: directoryTemplateList }),
  applyTemplate: defineRoute('POST', '/folder/template/apply', {
    body: directoryTemplateApplyBody,
    response: directoryTemplateApplied,
  }),
  saveTemplate: defineRoute('POST', '/folder/template/save', {
    body: directoryTemplateSaveBody,
    response: directoryTemplateSaved,
  }),
};
