import {
  deleteBody,
  documentEditFields,
  moveManyBody,
  renameBody,
  restoreBody,
  versionEditBody,
  versionListQuery,
  wordBody,
} from '@edoc/contract/document-edit';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { addWord, listWords, moveDocuments, renameDocument } from './document-move.service.ts';
import { deleteDocument, listRecycled, purgeDocument, restoreDocument } from './document-recycle.service.ts';
import { deleteVersion, editDocument, editVersionLabel, listVersions } from './document-version.service.ts';
import { receiveUpload } from './document-upload.ts';

const byId = z.object({ id: idParam });
const moveParams = z.object({ fileId: idParam, folderId: idParam });

/** Versions, rename, move, comments, delete and the recycle bin (SPEC §7 file calls). */
export function documentManageRoutes(api: Api, deps: Deps): void {
  const member = { config: { access: 'projectMember' as const } };

  // Changed metadata and/or a new version: fields first, then (optionally) the file.
  api.post('/minio/file/edit/a', member, async (request) => {
    const ctx = projectOf(request);
    const { fields, file } = await receiveUpload(deps, ctx, request, documentEditFields, { fileOptional: true });
    return ok(await editDocument(deps, ctx, fields, file, actorOf(request)));
  });

  api.get('/file/version/find_all', { ...member, schema: { querystring: versionListQuery } }, async (request) =>
    ok(await listVersions(deps, projectOf(request), request.query.fileId)),
  );

  api.get('/folder/other/version', { ...member, schema: { querystring: versionListQuery } }, async (request) =>
    ok(await listVersions(deps, projectOf(request), request.query.fileId, request.query.fileVersionId)),
  );

  api.post('/file/version/edit/a', { ...member, schema: { body: versionEditBody } }, async (request) => {
    await editVersionLabel(deps, projectOf(request), request.body, actorOf(request));
    return ok(null);
  });

  api.get('/file/version/delete/:id/a', { ...member, schema: { params: byId } }, async (request) => {
    await deleteVersion(deps, projectOf(request), request.params.id, actorOf(request));
    return ok(null);
  });

  api.post('/file/rename/a', { ...member, schema: { body: renameBody } }, async (request) => {
    await renameDocument(deps, projectOf(request), request.body, actorOf(request));
    return ok(null);
  });

  api.post('/file/move/:fileId/:folderId/a', { ...member, schema: { params: moveParams } }, async (request) => {
    const { fileId, folderId } = request.params;
    await moveDocuments(deps, projectOf(request), { fileIds: [fileId], folderId }, actorOf(request));
    return ok(null);
  });

  api.post('/folder/file/move/a', { ...member, schema: { body: moveManyBody } }, async (request) => {
    await moveDocuments(deps, projectOf(request), request.body, actorOf(request));
    return ok(null);
  });

  api.get('/file/words/:id', { ...member, schema: { params: byId } }, async (request) =>
    ok(await listWords(deps, projectOf(request), request.params.id)),
  );

  api.post('/file/words', { ...member, schema: { body: wordBody } }, async (request) =>
    ok(await addWord(deps, projectOf(request), request.body, actorOf(request))),
  );

  api.post('/file/delete/a', { ...member, schema: { body: deleteBody } }, async (request) => {
    await deleteDocument(deps, projectOf(request), request.body, actorOf(request));
    return ok(null);
  });

  api.get('/file/recycle/list', member, async (request) => ok(await listRecycled(deps, projectOf(request))));

  api.post('/file/recycle/restore/:id', { ...member, schema: { params: byId, body: restoreBody } }, async (request) => {
    await restoreDocument(deps, projectOf(request), request.params.id, request.body.folderId, actorOf(request));
    return ok(null);
  });

  api.post(
    '/file/recycle/purge/:id',
    { config: { access: 'projectAdmin' }, schema: { params: byId } },
    async (request) => {
      await purgeDocument(deps, projectOf(request), request.params.id, actorOf(request));
      return ok(null);
    },
  );
}
