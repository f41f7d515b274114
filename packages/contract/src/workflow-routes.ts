import { requestWords, requestWordsParams } from './document-edit.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import {
  assigneeCandidates,
  batchAnswer,
  batchBody,
  decideBody,
  workflowHistory,
  recipientList,
  recipientQuery,
  routePresetBody,
  routePresetCreated,
  routePresetList,
  routePresetRenameBody,
  sendBody,
  transitionAnswer,
} from './workflow-requests.ts';
import { defineRoute } from './route.ts';

/** A document's workflow: send, receive, decide, undo, its history, assignees, batches, route presets. */
export const workflowRoutes = {
  send: defineRoute('POST', '/file/apply/save', { body: sendBody, response: transitionAnswer }),
  receive: defineRoute('POST', '/file/receive/:id/a', { params: idParams, response: transitionAnswer }),
  decide: defineRoute('POST', '/file/audit/:id/a', { params: idParams, body: decideBody, response: transitionAnswer }),
  undo: defineRoute('POST', '/file/undo/:id/a', { params: idParams, response: transitionAnswer }),
  history: defineRoute('GET', '/file/flow/:id', { params: idParams, response: workflowHistory }),
  requestWords: defineRoute('GET', '/file/words/:fileId/:routeId/a', {
    params: requestWordsParams,
    response: requestWords,
  }),
  assignees: defineRoute('GET', '/file/assignees/:id', { params: idParams, response: assigneeCandidates }),
  recipients: defineRoute('GET', '/folder/recipients', { query: recipientQuery, response: recipientList }),
  batch: defineRoute('POST', '/file/batch/a', { body: batchBody, response: batchAnswer }),
  presetList: defineRoute('GET', '/route/template/list', { response: routePresetList }),
  createPreset: defineRoute('POST', '/route/template/create', {
    body: routePresetBody,
    response: routePresetCreated,
  }),
  renamePreset: defineRoute('POST', '/route/template/rename/:id', {
    params: idParams,
    body: routePresetRenameBody,
    response: noData,
  }),
  deletePreset: defineRoute('POST', '/route/template/delete/:id', { params: idParams, response: noData }),
};
