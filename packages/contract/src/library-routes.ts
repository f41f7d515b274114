import { batchAnswer } from './workflow-requests.ts';
import {
  archiveBody,
  batchArchiveBody,
  deleteApplied,
  deletionApprovers,
  deleteApplyBody,
  deleteDecisionParams,
  deleteDecisionQuery,
  invalidBody,
  libraryAnswer,
  libraryList,
  libraryListQuery,
  recallQuery,
  refileBody,
  retitleBody,
} from './library.ts';
import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import { pictureQuery } from './viewer.ts';

/** The library: archived documents, archiving, recall, invalidation and deletion by request. */
export const libraryRoutes = {
  list: defineRoute('GET', '/folder/library/file/list', { query: libraryListQuery, response: libraryList }),
  picture: defineRoute('GET', '/folder/library/file/picture', { query: pictureQuery, response: rawAnswer }),
  archive: defineRoute('POST', '/file/archive', { body: archiveBody, response: libraryAnswer }),
  batchArchive: defineRoute('POST', '/file/batch/archived', { body: batchArchiveBody, response: batchAnswer }),
  recall: defineRoute('GET', '/file/recall', { query: recallQuery, response: libraryAnswer }),
  markInvalid: defineRoute('POST', '/folder/file/invalid', { body: invalidBody, response: libraryAnswer }),
  refile: defineRoute('POST', '/folder/library/file/move/a', { body: refileBody, response: libraryAnswer }),
  retitle: defineRoute('POST', '/folder/library/file/rename/a', { body: retitleBody, response: libraryAnswer }),
  deletionApprovers: defineRoute('GET', '/file/delete/approvers/:id', {
    params: idParams,
    response: deletionApprovers,
  }),
  applyDelete: defineRoute('POST', '/file/delete/apply', { body: deleteApplyBody, response: deleteApplied }),
  decideDelete: defineRoute('GET', '/file/delete/:fileId/:applyId/a', {
    params: deleteDecisionParams,
    query: deleteDecisionQuery,
    response: libraryAnswer,
  }),
};
