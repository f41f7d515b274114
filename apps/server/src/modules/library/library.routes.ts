import { batchAnswer } from '@edoc/contract/workflow-requests';
import {
  archiveBody,
  batchArchiveBody,
  deleteApplied,
  deleteApplyBody,
  deletionApprovers,
  deleteDecisionParams,
  deleteDecisionQuery,
  invalidBody,
  libraryAnswer,
  libraryList,
  libraryListQuery,
  recallQuery,
  refileBody,
  retitleBody,
} from '@edoc/contract/library';
import { pictureQuery, viewKindOf } from '@edoc/contract/viewer';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { thumbnail } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { sendBytes } from '../../lib/send-blob.ts';
import { thumbnailOf } from '../viewer/thumbnail.service.ts';
import { contentOf } from '../viewer/viewer.service.ts';
import { readableLibraryVersion } from '../../access/library-access.ts';
import { archiveDocument, archiveMany } from './archive.service.ts';
import { listLibrary } from './library-list.service.ts';
import { deletionApproversOf } from './deletion-approvers.service.ts';
import { idParams } from '@edoc/contract/fields';
import { applyForDeletion, decideDeletion, markInvalid, recallDocument } from './library-change.service.ts';
import { refileRecord, retitleRecord } from './library-record.service.ts';

/**
 * The file library's changes (issue 11; DESIGN §6 library rows). Each is one transaction under the document's row
 * lock, allowed by the contract's transition table:
 * - POST /file/archive, POST /file/batch/archived: 8 → 6, or 7 until the effective date;
 * - GET /file/recall: 6 → 1 with a new draft version;
 * - POST /folder/file/invalid: mark a library document obsolete or valid;
 * - POST /folder/library/file/move/a, /folder/library/file/rename/a: refile a record or correct its title;
 * - POST /file/delete/apply, GET /file/delete/{fileId}/{applyId}/a: deletion by approval (6 → 9 → bin / 6);
 * - GET /file/delete/approvers/{fileId}: whom the application may name, and why the others not;
 * - GET /folder/library/file/list: the library's documents (library viewDoc on their folder);
 * - GET /folder/library/file/picture?fileVersionId=: an archived version's first page as a small PNG.
 */
export function libraryRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectMember';

  get(
    '/folder/library/file/list',
    { access, query: libraryListQuery, response: libraryList, preloadRights: true, shaped: true },
    ({ ctx, query, request }) => listLibrary(readsOf(deps, request), ctx, query),
  );

  get(
    '/folder/library/file/picture',
    { access, query: pictureQuery, response: thumbnail },
    async ({ ctx, query, reply }) => {
      const { version } = await deps.db.transaction((tx) => readableLibraryVersion(tx, ctx, query.fileVersionId));
      const png = await thumbnailOf(deps, await contentOf(deps, version, viewKindOf(version.extension)));
      return sendBytes(reply, png, { fileName: `${version.id}.png`, contentType: 'image/png', disposition: 'inline' });
    },
  );

  post('/file/archive', { access, body: archiveBody, response: libraryAnswer }, ({ ctx, body }) =>
    deps.db.transaction((tx) => archiveDocument(tx, ctx, body)),
  );

  post('/file/batch/archived', { access, body: batchArchiveBody, response: batchAnswer }, ({ ctx, body }) =>
    archiveMany(deps, ctx, body),
  );

  get('/file/recall', { access, writes: true, query: recallQuery, response: libraryAnswer }, ({ ctx, query }) =>
    deps.db.transaction((tx) => recallDocument(tx, ctx, query.fileId)),
  );

  post('/folder/file/invalid', { access, body: invalidBody, response: libraryAnswer }, ({ ctx, body }) =>
    deps.db.transaction((tx) => markInvalid(tx, ctx, { fileId: body.fileId, invalid: body.fileInvalid })),
  );

  post('/folder/library/file/move/a', { access, body: refileBody, response: libraryAnswer }, ({ ctx, body }) =>
    deps.db.transaction((tx) => refileRecord(tx, ctx, body)),
  );

  post('/folder/library/file/rename/a', { access, body: retitleBody, response: libraryAnswer }, ({ ctx, body }) =>
    deps.db.transaction((tx) => retitleRecord(tx, ctx, body)),
  );

  get('/file/delete/approvers/:id', { access, params: idParams, response: deletionApprovers }, ({ ctx, params }) =>
    deletionApproversOf(deps, ctx, params.id),
  );

  post('/file/delete/apply', { access, body: deleteApplyBody, response: deleteApplied }, ({ ctx, body }) =>
    deps.db.transaction((tx) => applyForDeletion(tx, ctx, body)),
  );

  get(
    '/file/delete/:fileId/:applyId/a',
    { access, writes: true, params: deleteDecisionParams, query: deleteDecisionQuery, response: libraryAnswer },
    ({ ctx, params, query }) => deps.db.transaction((tx) => decideDeletion(tx, ctx, { ...params, ...query })),
  );
}
