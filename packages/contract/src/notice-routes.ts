import { topicDetailQuery } from './board.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { noticeList, noticeRelease, noticeSaved, noticeUpdateBody } from './notice.ts';
import { defineRoute } from './route.ts';

/** The system notice shown on the sign-in page, and its keeping by the system administrator. */
export const noticeRoutes = {
  release: defineRoute('GET', '/notice/system/release', { response: noticeRelease }),
  list: defineRoute('GET', '/notice/system/list', { query: topicDetailQuery, response: noticeList }),
  update: defineRoute('POST', '/notice/system/update/a', { body: noticeUpdateBody, response: noticeSaved }),
  undoRelease: defineRoute('POST', '/notice/system/release/undo/:id/a', { params: idParams, response: noData }),
};
