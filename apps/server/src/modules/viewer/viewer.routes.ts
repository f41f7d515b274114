import { idParam } from '@edoc/contract/fields';
import { fileDetailQuery } from '@edoc/contract/viewer';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { projectOf } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { fileDetail, viewContent, viewState } from './viewer.service.ts';

const byId = z.object({ id: idParam });

/**
 * The online viewer (SPEC §7; DESIGN §8). Every call needs viewDoc on the document's folder.
 * - GET /minio/file/state/{fileVersionId}: the viewer opening a version. Records the view (trail type 11),
 *   queues the PDF rendition of an Office file when there is none (or retries one that failed a while ago).
 * - GET /minio/file/process/{fileVersionId}: the same answer, polled while converting; records nothing.
 * - GET /file/view/{fileVersionId}: the bytes shown (PDF, rendition PDF, image, text), inline, by range.
 * - GET /file/{fileId}?fileVersionId=: document, version, the caller's keys and the watermark.
 */
export function viewerRoutes(api: Api, deps: Deps): void {
  const member = { config: { access: 'projectMember' as const } };

  api.get('/minio/file/state/:id', { ...member, schema: { params: byId } }, async (request) =>
    ok(await viewState(deps, projectOf(request), request.params.id, { open: true, actor: actorOf(request) })),
  );

  api.get('/minio/file/process/:id', { ...member, schema: { params: byId } }, async (request) =>
    ok(await viewState(deps, projectOf(request), request.params.id, { open: false, actor: actorOf(request) })),
  );

  api.get('/file/view/:id', { ...member, schema: { params: byId } }, async (request, reply) => {
    const content = await viewContent(deps, projectOf(request), request.params.id);
    return sendBlob(request, reply, deps.blobs, {
      ...content,
      disposition: 'inline',
      cacheControl: 'private, max-age=300',
    });
  });

  api.get('/file/:id', { ...member, schema: { params: byId, querystring: fileDetailQuery } }, async (request) =>
    ok(await fileDetail(deps, projectOf(request), request.params.id, request.query.fileVersionId)),
  );
}
