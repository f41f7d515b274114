import {
  allowedTypeList,
  documentCreated,
  documentFields,
  downloadQuery,
  fileList,
  fileListQuery,
  nameCheckAnswer,
  nameCheckBody,
} from './document.ts';
import {
  deleteBody,
  documentEditFields,
  documentEdited,
  fileMoveParams,
  moveManyBody,
  recycledList,
  renameBody,
  restoreBody,
  versionEditBody,
  versionList,
  versionListQuery,
  wordBody,
  wordCreated,
  wordList,
} from './document-edit.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { uploadAuth, uploadAuthQuery } from './folder.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** A project's documents: the workspace list, upload and edit, versions, words, moves, delete, the recycle bin. */
export const documentRoutes = {
  types: defineRoute('GET', '/file/types', { response: allowedTypeList }),
  checkName: defineRoute('POST', '/file/name/check/a', { body: nameCheckBody, response: nameCheckAnswer }),
  list: defineRoute('GET', '/folder/workspace/file/list', { query: fileListQuery, response: fileList }),
  uploadAuth: defineRoute('GET', '/folder/upload/auth', { query: uploadAuthQuery, response: uploadAuth }),
  upload: defineRoute('POST', '/minio/file/save', { multipart: documentFields, response: documentCreated }),
  download: defineRoute('GET', '/minio/file/down', { query: downloadQuery, response: rawAnswer }),
  edit: defineRoute('POST', '/minio/file/edit/a', { multipart: documentEditFields, response: documentEdited }),
  versions: defineRoute('GET', '/file/version/find_all', { query: versionListQuery, response: versionList }),
  otherVersions: defineRoute('GET', '/folder/other/version', { query: versionListQuery, response: versionList }),
  labelVersion: defineRoute('POST', '/file/version/edit/a', { body: versionEditBody, response: noData }),
  deleteVersion: defineRoute('GET', '/file/version/delete/:id/a', { params: idParams, response: noData }),
  rename: defineRoute('POST', '/file/rename/a', { body: renameBody, response: noData }),
  move: defineRoute('POST', '/file/move/:fileId/:folderId/a', { params: fileMoveParams, response: noData }),
  moveMany: defineRoute('POST', '/folder/file/move/a', { body: moveManyBody, response: noData }),
  words: defineRoute('GET', '/file/words/:id', { params: idParams, response: wordList }),
  addWord: defineRoute('POST', '/file/words', { body: wordBody, response: wordCreated }),
  delete: defineRoute('POST', '/file/delete/a', { body: deleteBody, response: noData }),
  recycled: defineRoute('GET', '/file/recycle/list', { response: recycledList }),
  restore: defineRoute('POST', '/file/recycle/restore/:id', { params: idParams, body: restoreBody, response: noData }),
  purge: defineRoute('POST', '/file/recycle/purge/:id', { params: idParams, response: noData }),
};
