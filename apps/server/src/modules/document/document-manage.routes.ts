import {
  deleteBody,
  documentEdited,
  documentEditFields,
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
} from '@edoc/contract/document-edit';
import { noData } from '@edoc/contract/envelope';
import { idParam, idParams } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { addWord, listWords, moveDocuments, renameDocument } from './document-move.service.ts';
import { deleteDocument, listRecycled, purgeDocument, restoreDocument } from './document-recycle.service.ts';
import {
  checkDocumentEdit,
  deleteVersion,
  editDocument,
  editVersionLabel,
  listVersions,
} from './document-version.service.ts';
import { commitUpload } from '../../storage/blob-sweep.ts';
import { receiveUpload } from '../../access/upload.ts';

const moveParams = z.object({ fileId: idParam, folderId: idParam });

/** Versions, rename, move, comments, delete and the recycle bin (SPEC §7 file calls). */
export function documentManageRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectMember';

  // Changed metadata and/or a new version: fields first, then (optionally) the file.
  post(
    '/minio/file/edit/a',
    { access, multipart: documentEditFields, response: documentEdited },
    async ({ ctx, request }) => {
      // Everything the fields allow is checked before a byte of the file is stored (issue 9).
      const { fields, file } = await receiveUpload(deps, ctx, request, documentEditFields, {
        fileOptional: true,
        precheck: (f) => checkDocumentEdit(deps, ctx, f),
      });
      return commitUpload(deps, file?.blob.sha256, () => editDocument(deps, ctx, { fields, file }));
    },
  );

  get('/file/version/find_all', { access, query: versionListQuery, response: versionList }, ({ ctx, query }) =>
    listVersions(deps, ctx, { fileId: query.fileId }),
  );

  get('/folder/other/version', { access, query: versionListQuery, response: versionList }, ({ ctx, query }) =>
    listVersions(deps, ctx, { fileId: query.fileId, except: query.fileVersionId }),
  );

  post('/file/version/edit/a', { access, body: versionEditBody, response: noData }, async ({ ctx, body }) => {
    await editVersionLabel(deps, ctx, body);
    return null;
  });

  get(
    '/file/version/delete/:id/a',
    { access, writes: true, params: idParams, response: noData },
    async ({ ctx, params }) => {
      await deleteVersion(deps, ctx, params.id);
      return null;
    },
  );

  post('/file/rename/a', { access, body: renameBody, response: noData }, async ({ ctx, body }) => {
    await renameDocument(deps, ctx, body);
    return null;
  });

  post('/file/move/:fileId/:folderId/a', { access, params: moveParams, response: noData }, async ({ ctx, params }) => {
    const { fileId, folderId } = params;
    await moveDocuments(deps, ctx, { fileIds: [fileId], folderId });
    return null;
  });

  post('/folder/file/move/a', { access, body: moveManyBody, response: noData }, async ({ ctx, body }) => {
    await moveDocuments(deps, ctx, body);
    return null;
  });

  get('/file/words/:id', { access, params: idParams, response: wordList }, ({ ctx, params }) =>
    listWords(deps, ctx, params.id),
  );

  post('/file/words', { access, body: wordBody, response: wordCreated }, ({ ctx, body }) => addWord(deps, ctx, body));

  post('/file/delete/a', { access, body: deleteBody, response: noData }, async ({ ctx, body }) => {
    await deleteDocument(deps, ctx, body);
    return null;
  });

  get('/file/recycle/list', { access, response: recycledList }, ({ ctx }) => listRecycled(deps, ctx));

  post(
    '/file/recycle/restore/:id',
    { access, params: idParams, body: restoreBody, response: noData },
    async ({ ctx, params, body }) => {
      await restoreDocument(deps, ctx, { fileId: params.id, chosenFolder: body.folderId });
      return null;
    },
  );

  post(
    '/file/recycle/purge/:id',
    { access: 'projectAdmin', params: idParams, response: noData },
    async ({ ctx, params }) => {
      await purgeDocument(deps, ctx, params.id);
      return null;
    },
  );
}
