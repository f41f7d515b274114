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
} from './board.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** The project's discussion board: topics, replies, their attachments, mentions and the unread badge. */
export const boardRoutes = {
  topicList: defineRoute('GET', '/board/topic/list', { query: topicListQuery, response: topicList }),
  topic: defineRoute('GET', '/board/topic/:id', { params: idParams, query: topicDetailQuery, response: topicDetail }),
  postTopic: defineRoute('POST', '/board/topic/a', { multipart: topicFields, response: boardIdData }),
  postReply: defineRoute('POST', '/board/reply/a', { multipart: replyFields, response: boardIdData }),
  pinTopic: defineRoute('POST', '/board/topic/pin/:id/a', { params: idParams, body: pinBody, response: noData }),
  closeTopic: defineRoute('POST', '/board/topic/close/:id/a', { params: idParams, body: closeBody, response: noData }),
  removeTopic: defineRoute('POST', '/board/topic/remove/:id/a', { params: idParams, response: noData }),
  removeReply: defineRoute('POST', '/board/reply/remove/:id/a', { params: idParams, response: noData }),
  attachment: defineRoute('GET', '/board/attachment/:id', { params: idParams, response: rawAnswer }),
  unread: defineRoute('GET', '/board/unread', { response: boardUnread }),
  mentionList: defineRoute('GET', '/board/mention/list', { query: topicDetailQuery, response: mentionList }),
  readMentions: defineRoute('POST', '/board/mention/read/a', { body: mentionReadBody, response: noData }),
  memberList: defineRoute('GET', '/board/member/list', { response: boardMemberList }),
};
