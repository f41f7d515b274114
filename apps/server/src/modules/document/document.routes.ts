import { documentFields, downloadQuery, fileListQuery, nameCheckBody } from '@edoc/contract/document';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { projectOf } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { listDocuments } from './document-list.service.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { allowedTypes, downloadVersion } from './document-read.service.ts';
import { checkNewDocument, createDocument, nameTaken } from './document.service.ts';
import { requireFolderKey } from './document.policy.ts';
import { receiveUpload } from './document-upload.ts';

/** The workspace's documents (SPEC §7 file and folder calls). */
export function documentRoutes(api: Api, deps: Deps): void {
  const member = { config: { access: 'projectMember' as const } };

  api.get('/file/types', member, async (request) => {
    const ctx = projectOf(request);
    const types = await allowedTypes(deps.db, ctx.projectId);
    return ok(types.map((t) => ({ file_type_code: t })));
  });

  api.post('/file/name/check/a', { ...member, schema: { body: nameCheckBody } }, async (request) => {
    const ctx = projectOf(request);
    const { folderId, name, fileId } = request.body;
    const exists = await deps.db.transaction(async (tx) => {
      await requireFolderKey(tx, ctx, folderId, 'viewDoc');
      return nameTaken(tx, folderId, name, fileId);
    });
    return ok({ exists });
  });

  api.get('/folder/workspace/file/list', { ...member, schema: { querystring: fileListQuery } }, async (request) =>
    ok(await listDocuments(deps, projectOf(request), request.query)),
  );

  // A new document with its first version: metadata fields first, then the file, streamed to disk.
  api.post('/minio/file/save', member, async (request) => {
    const ctx = projectOf(request);
    const { fields, file } = await receiveUpload(deps, ctx, request, documentFields, {
      precheck: (f) => checkNewDocument(deps, ctx, f),
    });
    return ok(await createDocument(deps, ctx, fields, file!, actorOf(request)));
  });

  api.get('/minio/file/down', { ...member, schema: { querystring: downloadQuery } }, async (request, reply) => {
    const { version } = await downloadVersion(deps, projectOf(request), request.query, actorOf(request));
    return sendBlob(request, reply, deps.blobs, { ...version, contentType: version.mimeType });
  });
}
