import {
  boardIdData,
  boardMemberList,
  boardUnread,
  closeBody,
  mentionList,
  mentionReadBody,
  pinBody,
  replyFields,
  topicDetail,
  topicDetailQuery,
  topicFields,
  topicList,
  topicListQuery,
} from '@edoc/contract/board';
import { noData } from '@edoc/contract/envelope';
import { idParams } from '@edoc/contract/fields';
import { pageQuery } from '@edoc/contract/paging';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { commitUpload } from '../../storage/blob-sweep.ts';
import { receivePost } from './board-upload.ts';
import {
  attachmentToSend,
  listMentions,
  listTopics,
  markMentionsRead,
  mentionableMembers,
  readTopic,
  unreadCounts,
} from './board-read.service.ts';
import { postReply, postTopic, precheckPost, removeReply, removeTopic, setTopicState } from './board.service.ts';

/**
 * The project's message board (issue 14). Members read, post, reply and download; the project administrator
 * (projectAdmin gate) pins, closes and removes topics; a reply goes by its author or the administrator
 * (board.policy.ts). Paths follow SPEC §7's style; the spec names none for the board.
 */
export function boardRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  const member = 'projectMember';
  const admin = 'projectAdmin';

  get('/board/topic/list', { access: member, query: topicListQuery, response: topicList }, ({ ctx, query }) =>
    listTopics(deps, ctx, query),
  );

  get(
    '/board/topic/:id',
    { access: member, params: idParams, query: topicDetailQuery, response: topicDetail },
    ({ ctx, params, query }) => readTopic(deps, ctx, { id: params.id, page: query }),
  );

  // Text fields first, then up to BOARD_FILES_MAX parts named `file`; mentions are checked before a file is stored.
  post(
    '/board/topic/a',
    { access: member, multipart: topicFields, response: boardIdData },
    async ({ ctx, request }) => {
      const { fields, files } = await receivePost(deps, ctx, request, topicFields, (f) => precheckPost(deps, ctx, f));
      const shas = files.map((f) => f.blob.sha256);
      return { id: await commitUpload(deps, shas, () => postTopic(deps, ctx, { fields, files })) };
    },
  );

  post(
    '/board/reply/a',
    { access: member, multipart: replyFields, response: boardIdData },
    async ({ ctx, request }) => {
      const { fields, files } = await receivePost(deps, ctx, request, replyFields, (f) => precheckPost(deps, ctx, f));
      const shas = files.map((f) => f.blob.sha256);
      return { id: await commitUpload(deps, shas, () => postReply(deps, ctx, { fields, files })) };
    },
  );

  post(
    '/board/topic/pin/:id/a',
    { access: admin, params: idParams, body: pinBody, response: noData },
    async ({ ctx, params, body }) => {
      await setTopicState(deps, ctx, { id: params.id, pinned: body.pinned });
      return null;
    },
  );

  post(
    '/board/topic/close/:id/a',
    { access: admin, params: idParams, body: closeBody, response: noData },
    async ({ ctx, params, body }) => {
      await setTopicState(deps, ctx, { id: params.id, closed: body.closed });
      return null;
    },
  );

  post('/board/topic/remove/:id/a', { access: admin, params: idParams, response: noData }, async ({ ctx, params }) => {
    await removeTopic(deps, ctx, params.id);
    return null;
  });

  post('/board/reply/remove/:id/a', { access: member, params: idParams, response: noData }, async ({ ctx, params }) => {
    await removeReply(deps, ctx, params.id);
    return null;
  });

  get(
    '/board/attachment/:id',
    {
      access: member,
      params: idParams,
      response: { raw: [MEDIA.any], named: true, ranges: true, description: 'The attachment, in its uploaded type.' },
    },
    async ({ ctx, params, request, reply }) => {
      const file = await attachmentToSend(deps, ctx, params.id);
      return sendBlob(request, reply, deps.blobs, { ...file, contentType: file.mimeType });
    },
  );

  get('/board/unread', { access: member, response: boardUnread }, ({ ctx }) => unreadCounts(deps, ctx));

  get('/board/mention/list', { access: member, query: pageQuery, response: mentionList }, ({ ctx, query }) =>
    listMentions(deps, ctx, query),
  );

  post('/board/mention/read/a', { access: member, body: mentionReadBody, response: noData }, async ({ ctx, body }) => {
    await markMentionsRead(deps, ctx, body.ids);
    return null;
  });

  get('/board/member/list', { access: member, response: boardMemberList }, ({ ctx }) => mentionableMembers(deps, ctx));
}
