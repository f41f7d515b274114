import { contentTypeOf, downloadName } from '@edoc/contract/file-rules';
import {
  allowedTypeList,
  documentCreated,
  documentFields,
  downloadQuery,
  fileList,
  fileListQuery,
  nameCheckAnswer,
  nameCheckBody,
} from '@edoc/contract/document';
import { uploadAuth as uploadAuthAnswer, uploadAuthQuery } from '@edoc/contract/folder';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { sendBlob, sendBytes } from '../../lib/send-blob.ts';
import { signedDownload } from '../seal/signed-copy.ts';
import { listDocuments } from './document-list.service.ts';
import { allowedTypes, downloadVersion } from '../../access/document-access.ts';
import { checkNewDocument, createDocument, nameInUse } from './document.service.ts';
import { commitUpload } from '../../storage/blob-sweep.ts';
import { receiveUpload } from '../../access/upload.ts';
import { uploadAuth } from './upload-auth.service.ts';

/** The workspace's documents (SPEC §7 file and folder calls). */
export function documentRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/file/types', { access: 'projectMember', response: allowedTypeList }, async ({ ctx }) => {
    const types = await allowedTypes(deps.db, ctx.projectId);
    return types.map((t) => ({ file_type_code: t }));
  });

  post(
    '/file/name/check/a',
    { access: 'projectMember', writes: false, body: nameCheckBody, response: nameCheckAnswer },
    async ({ ctx, body }) => ({
      exists: await nameInUse(deps, ctx, { folderId: body.folderId, name: body.name, exceptId: body.fileId }),
    }),
  );

  get(
    '/folder/workspace/file/list',
    { access: 'projectMember', query: fileListQuery, response: fileList, preloadRights: true, shaped: true },
    ({ ctx, query, request }) => listDocuments(readsOf(deps, request), ctx, query),
  );

  get(
    '/folder/upload/auth',
    { access: 'projectMember', query: uploadAuthQuery, response: uploadAuthAnswer },
    ({ ctx, query }) => uploadAuth(deps, ctx, query.folderId),
  );

  // A new document with its first version: metadata fields first, then the file, streamed to disk.
  post(
    '/minio/file/save',
    { access: 'projectMember', multipart: documentFields, response: documentCreated },
    async ({ ctx, request }) => {
      const { fields, file } = await receiveUpload(deps, ctx, request, documentFields, {
        precheck: (f) => checkNewDocument(deps, ctx, f),
      });
      return commitUpload(deps, file?.blob.sha256, () => createDocument(deps, ctx, { fields, file: file! }));
    },
  );

  get(
    '/minio/file/down',
    {
      access: 'projectMember',
      query: downloadQuery,
      response: {
        raw: [MEDIA.any],
        named: true,
        ranges: true,
        description: "The version's file in its own type; a signed PDF whole, with its signature page and seal.",
      },
    },
    async ({ ctx, query, request, reply }) => {
      const { doc, version } = await downloadVersion(deps, ctx, query);
      const contentType = contentTypeOf(version.extension);
      const fileName = downloadName(doc.name, version.extension);
      // A signed PDF leaves with its signature page and the server's PAdES signature (DESIGN §7).
      const signed = await signedDownload(deps, doc, version);
      if (signed) return sendBytes(reply, signed, { fileName, contentType });
      return sendBlob(request, reply, deps.blobs, { ...version, fileName, contentType });
    },
  );
}
