import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { inspectorInviteBody, inspectorInvited, inspectorList } from './inspector.ts';
import { defineRoute } from './route.ts';

/** Inspectors a project administrator invites to read the project for a time. */
export const inspectorRoutes = {
  list: defineRoute('GET', '/manage/inspector/list', { response: inspectorList }),
  invite: defineRoute('POST', '/manage/inspector/invite', { body: inspectorInviteBody, response: inspectorInvited }),
  revoke: defineRoute('POST', '/manage/inspector/revoke/:id', { params: idParams, response: noData }),
};
