import {
  downloadTaskBody,
  downloadTaskCreated,
  downloadTaskList,
  downloadTaskQuery,
  ticketBody,
  ticketIssued,
} from '@edoc/contract/download';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA, type RawAnswer } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { sendBlob, sendBytes } from '../../lib/send-blob.ts';
import { createDownloadTask, deleteDownloadTask, listDownloadTasks, openTaskZip } from './download.service.ts';
import { issueTicket, redeemTicket } from './ticket.service.ts';

const ticketParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'invalid_value') });

const pack: RawAnswer = { raw: [MEDIA.zip], named: true, ranges: true, description: "The task's pack, as a zip." };
// A version made for the request (signed, stamped) is sent whole; stored bytes answer ranges.
const ticketFile: RawAnswer = {
  raw: [MEDIA.any, MEDIA.zip],
  named: true,
  ranges: true,
  description: "The ticket's file: a version in its own type, or a task's pack as a zip.",
};

/**
 * Download center (SPEC §3 Download task): any member packs what they may download and sees their own tasks;
 * project administrators also see and manage every task of the project (/manage/download).
 */
export function downloadRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const access = 'projectMember';

  post(
    '/download/task/create',
    { access, writes: false, body: downloadTaskBody, response: downloadTaskCreated },
    ({ ctx, body }) => createDownloadTask(deps, ctx, body),
  );

  get('/download/task/list', { access, query: downloadTaskQuery, response: downloadTaskList }, ({ ctx, query }) =>
    listDownloadTasks(deps, ctx, query),
  );

  get(
    '/download/task/:id/file',
    { access, params: idParams, response: pack },
    async ({ ctx, params, request, reply }) => {
      const zip = await openTaskZip(deps, ctx, { taskId: params.id });
      return sendBlob(request, reply, deps.blobs, {
        ...zip,
        fileName: `${zip.name}.zip`,
        contentType: 'application/zip',
      });
    },
  );

  post('/download/task/delete/:id', { access, params: idParams, response: noData }, async ({ ctx, params }) => {
    await deleteDownloadTask(deps, ctx, params.id);
    return null;
  });

  // A link for the browser's own download manager: large files stream to disk, not through page memory.
  post('/download/ticket', { access, writes: false, body: ticketBody, response: ticketIssued }, ({ ctx, body }) =>
    issueTicket(deps, ctx, body),
  );

  get(
    '/download/ticket/:token',
    // The link acts in the session it was issued in, an inspector's too (an invitation that grants downloads).
    { access: 'public', params: ticketParams, response: ticketFile },
    async ({ params, request, reply }) => {
      const { made, ...blob } = await redeemTicket(deps, params.token, request);
      return made ? sendBytes(reply, made, blob) : sendBlob(request, reply, deps.blobs, blob);
    },
  );
}
