import {
  checkinFields,
  editEnded,
  editEndQuery,
  editExist,
  editSession,
  editStartBody,
  symbolQuery,
  symbolView,
} from '@edoc/contract/editing';
import { idParams } from '@edoc/contract/fields';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { checkIn } from './editing-content.service.ts';
import {
  currentContent,
  editStatus,
  editStatusBySymbol,
  endEdit,
  sessionBySymbol,
  startEdit,
} from './editing.service.ts';

/**
 * Editing sessions (issue 15; SPEC §7 /file/ol/…, /minio/file/revise/down). The session's own protocols — WebDAV
 * for the desktop suite, WOPI for a browser editor — live outside /edoc (webdav.routes.ts, wopi.routes.ts).
 */
export function editingRoutes(api: Api, deps: Deps): void {
  const { get, post, del } = routes(api);

  post('/file/ol/start/a', { access: 'projectMember', body: editStartBody, response: editSession }, ({ ctx, body }) =>
    startEdit(deps, ctx, body),
  );

  get(
    '/file/ol/unique/exist/:id',
    { access: 'projectMember', params: idParams, response: editExist },
    ({ ctx, params }) => editStatus(deps, ctx, params.id),
  );

  get(
    '/file/ol/separate/view',
    { access: 'projectMember', query: symbolQuery, response: symbolView },
    ({ ctx, query }) => editStatusBySymbol(deps, ctx, query.uniqueSymbol),
  );

  del(
    '/file/ol/revise/symbol/del/:id',
    { access: 'projectMember', params: idParams, query: editEndQuery, response: editEnded },
    ({ ctx, params, query }) => endEdit(deps, ctx, { fileId: params.id, discard: query.discard }),
  );

  post(
    '/file/ol/checkin/a',
    { access: 'projectMember', multipart: checkinFields, response: editEnded },
    ({ ctx, request }) => checkIn(deps, ctx, request),
  );

  // The session's file as it is now, for the editor or a check-out: the unique symbol is the credential.
  get(
    '/minio/file/revise/down',
    {
      access: 'public',
      query: symbolQuery,
      response: {
        raw: [MEDIA.any],
        named: true,
        ranges: true,
        description: "The session's file as last saved, else the version it started from, in its own type.",
      },
    },
    async ({ query, request, reply }) => {
      const { session, base } = await sessionBySymbol(deps, query.uniqueSymbol);
      return sendBlob(request, reply, deps.blobs, currentContent(session, base));
    },
  );
}
