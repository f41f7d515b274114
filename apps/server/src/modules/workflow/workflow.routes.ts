import {
  assigneeCandidates,
  recipientList,
  recipientQuery,
  batchAnswer,
  batchBody,
  decideBody,
  workflowHistory,
  routePresetBody,
  routePresetCreated,
  routePresetList,
  routePresetRenameBody,
  sendBody,
  transitionAnswer,
} from '@edoc/contract/workflow-requests';
import { requestWords, requestWordsParams } from '@edoc/contract/document-edit';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { runBatch } from './batch.service.ts';
import { assigneeCandidates as candidatesOf, recipientsOf } from './candidates.service.ts';
import { createRoutePreset, deleteRoutePreset, listRoutePresets, renameRoutePreset } from './route-preset.service.ts';
import { decide } from './decide.service.ts';
import { workflowHistoryOf } from './workflow-history.service.ts';
import { requestWords as wordsOfRequest } from './request-words.service.ts';
import { sendDocument } from './send.service.ts';
import { verifySigner } from './e-signature.service.ts';
import { receiveDocument, undo } from './undo.service.ts';

/**
 * The document workflow (DESIGN §6; issue 10). Every call is one transaction under the document's row lock; the
 * contract's transition table decides what is allowed.
 * - POST /file/apply/save: send a document along a route.
 * - POST /file/receive/{fileId}/a: take a document created for you (2 → 1).
 * - POST /file/audit/{fileId}/a: pass or reject the open stage, signing where the stage asks for it.
 * - POST /file/undo/{fileId}/a: withdraw your route, or take back your pass.
 * - GET /file/flow/{fileId}: every route of the document as a timeline.
 * - GET /file/words/{fileId}/{routeId}/a: the discussion on one review request.
 * - GET /folder/recipients: who a new document in a folder may be created for.
 * - GET /file/assignees/{fileId}: who may be named on each enabled stage (the send dialog's choices).
 * - POST /file/batch/a: send many documents, or pass many tasks, each on its own.
 * - /route/template/*: named presets of a route, at most five per site, group or project.
 */
export function workflowRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectMember';

  post('/file/apply/save', { access, body: sendBody, response: transitionAnswer }, ({ ctx, body }) =>
    deps.db.transaction((tx) => sendDocument(tx, ctx, { body, blobs: deps.blobs })),
  );

  post('/file/receive/:id/a', { access, params: idParams, response: transitionAnswer }, ({ ctx, params }) =>
    deps.db.transaction((tx) => receiveDocument(tx, ctx, params.id)),
  );

  post(
    '/file/audit/:id/a',
    { access, params: idParams, body: decideBody, response: transitionAnswer },
    async ({ ctx, params, body }) => {
      const signer = body.signature ? await verifySigner(deps, ctx, body.signature) : null;
      return deps.db.transaction((tx) => decide(tx, ctx, { fileId: params.id, body, signer }));
    },
  );

  post('/file/undo/:id/a', { access, params: idParams, response: transitionAnswer }, ({ ctx, params }) =>
    deps.db.transaction((tx) => undo(tx, ctx, params.id)),
  );

  get('/file/flow/:id', { access, params: idParams, response: workflowHistory }, ({ ctx, params }) =>
    workflowHistoryOf(deps, ctx, params.id),
  );

  get(
    '/file/words/:fileId/:routeId/a',
    { access, params: requestWordsParams, response: requestWords },
    ({ ctx, params }) => wordsOfRequest(deps, ctx, params),
  );

  get('/file/assignees/:id', { access, params: idParams, response: assigneeCandidates }, ({ ctx, params }) =>
    candidatesOf(deps, ctx, params.id),
  );

  get('/folder/recipients', { access, query: recipientQuery, response: recipientList }, ({ ctx, query }) =>
    recipientsOf(deps, ctx, query),
  );

  post('/file/batch/a', { access, body: batchBody, response: batchAnswer }, ({ ctx, body }) =>
    runBatch(deps, ctx, body),
  );

  get('/route/template/list', { access, response: routePresetList }, ({ ctx }) => listRoutePresets(deps, ctx));

  post('/route/template/create', { access, body: routePresetBody, response: routePresetCreated }, ({ ctx, body }) =>
    createRoutePreset(deps, ctx, body),
  );

  post(
    '/route/template/rename/:id',
    { access, params: idParams, body: routePresetRenameBody, response: noData },
    async ({ ctx, params, body }) => {
      await renameRoutePreset(deps, ctx, params.id, body);
      return null;
    },
  );

  post('/route/template/delete/:id', { access, params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteRoutePreset(deps, ctx, params.id);
    return null;
  });
}
