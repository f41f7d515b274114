import { downloadTaskBody, downloadTaskQuery, ticketBody } from '@edoc/contract/download';
import { idParam } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { projectOf } from '../study/study.policy.ts';
import { actorOf } from '../trail/trail.service.ts';
import { createDownloadTask, deleteDownloadTask, listDownloadTasks, openTaskZip } from './download.service.ts';
import { issueTicket, redeemTicket } from './ticket.service.ts';

const idParams = z.object({ id: idParam });

/**
 * Download center (SPEC §3 Download task): any member packs what they may download and sees their own tasks;
 * project administrators also see and manage every task of the project (/manage/download).
 */
export function downloadRoutes(api: Api, deps: Deps): void {
  const member = { config: { access: 'projectMember' as const } };

  api.post('/download/task/create', { ...member, schema: { body: downloadTaskBody } }, async (request) =>
    ok(await createDownloadTask(deps, projectOf(request), request.body, actorOf(request))),
  );

  api.get('/download/task/list', { ...member, schema: { querystring: downloadTaskQuery } }, async (request) =>
    ok(await listDownloadTasks(deps, projectOf(request), request.query, requestLang(request))),
  );

  api.get('/download/task/:id/file', { ...member, schema: { params: idParams } }, async (request, reply) => {
    const zip = await openTaskZip(deps, projectOf(request), request.params.id, actorOf(request));
    return sendBlob(request, reply, deps.blobs, {
      ...zip,
      fileName: `${zip.name}.zip`,
      contentType: 'application/zip',
    });
  });

  api.post('/download/task/delete/:id', { ...member, schema: { params: idParams } }, async (request) => {
    await deleteDownloadTask(deps, projectOf(request), request.params.id, actorOf(request));
    return ok(null);
  });

  // A link for the browser's own download manager: large files stream to disk, not through page memory.
  api.post('/download/ticket', { ...member, schema: { body: ticketBody } }, async (request) =>
    ok(await issueTicket(deps, projectOf(request), request.body, actorOf(request))),
  );

  api.get(
    '/download/ticket/:token',
    {
      config: { access: 'public' as const },
      schema: { params: z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'invalid_value') }) },
    },
    async (request, reply) => sendBlob(request, reply, deps.blobs, await redeemTicket(deps.db, request.params.token)),
  );
}
