import { topicDetailQuery } from './board.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { optionalReleaseReadBody, releaseList, releaseSaveBody, releaseSaved, unreadReleases } from './release.ts';
import { defineRoute } from './route.ts';

/** Release notes (/system/version) and the "what's new" dialog's unread ones. */
export const releaseRoutes = {
  list: defineRoute('GET', '/release/list', { query: topicDetailQuery, response: releaseList }),
  save: defineRoute('POST', '/release/save/a', { body: releaseSaveBody, response: releaseSaved }),
  delete: defineRoute('POST', '/release/delete/:id/a', { params: idParams, response: noData }),
  unread: defineRoute('GET', '/release/unread', { response: unreadReleases }),
  read: defineRoute('POST', '/release/read/a', { body: optionalReleaseReadBody, response: noData }),
};
