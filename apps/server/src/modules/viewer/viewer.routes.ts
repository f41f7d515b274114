import { idParams } from '@edoc/contract/fields';
import {
  fileDetail as fileDetailAnswer,
  fileDetailQuery,
  pictureQuery,
  viewState as viewStateAnswer,
} from '@edoc/contract/viewer';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA, thumbnail, type RawAnswer } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { sendBlob, sendBytes } from '../../lib/send-blob.ts';
import { workspaceThumbnail } from './thumbnail.service.ts';
import { fileDetail, viewBytes, viewState } from './viewer.service.ts';

// Inline; a stamped copy (made for the request, sent whole) to a viewer without downDoc.
const viewedBytes: RawAnswer = {
  raw: [MEDIA.pdf, 'image/*', 'text/*'],
  named: true,
  ranges: true,
  description: 'The version as shown: its PDF or PDF rendition, an image, or text.',
};

/**
 * The online viewer (SPEC §7; DESIGN §8). Every call needs viewDoc on the document's folder.
 * - GET /minio/file/state/{fileVersionId}: the viewer opening a version. Records the view (trail type 11),
 *   queues the PDF rendition of an Office file when there is none (or retries one that failed a while ago).
 * - GET /minio/file/process/{fileVersionId}: the same answer, polled while converting; records nothing.
 * - GET /file/view/{fileVersionId}: the bytes shown (PDF, rendition PDF, image, text), inline, by range.
 * - GET /file/{fileId}?fileVersionId=: document, version, the caller's keys and the watermark.
 * - GET /folder/workspace/file/picture?fileVersionId=: the first page as a small PNG, for the list.
 */
export function viewerRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);
  const access = 'projectMember';

  get('/minio/file/state/:id', { access, params: idParams, response: viewStateAnswer }, ({ ctx, params }) =>
    viewState(deps, ctx, { fileVersionId: params.id, open: true }),
  );

  get('/minio/file/process/:id', { access, params: idParams, response: viewStateAnswer }, ({ ctx, params }) =>
    viewState(deps, ctx, { fileVersionId: params.id, open: false }),
  );

  get(
    '/file/view/:id',
    { access, params: idParams, response: viewedBytes },
    async ({ ctx, params, request, reply }) => {
      const { content, made } = await viewBytes(deps, ctx, params.id);
      if (made) return sendBytes(reply, made, { ...content, disposition: 'inline' });
      return sendBlob(request, reply, deps.blobs, { ...content, disposition: 'inline' });
    },
  );

  get(
    '/folder/workspace/file/picture',
    { access, query: pictureQuery, response: thumbnail },
    async ({ ctx, query, reply }) =>
      sendBytes(reply, await workspaceThumbnail(deps, ctx, query.fileVersionId), {
        fileName: `${query.fileVersionId}.png`,
        contentType: 'image/png',
        disposition: 'inline',
      }),
  );

  get(
    '/file/:id',
    { access, params: idParams, query: fileDetailQuery, response: fileDetailAnswer },
    ({ ctx, params, query }) => fileDetail(deps, ctx, { fileId: params.id, fileVersionId: query.fileVersionId }),
  );
}
