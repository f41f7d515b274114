import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { groupBody, groupCreated, groupList } from './group.ts';
import { defineRoute } from './route.ts';

/** The entered project's user groups. */
export const groupRoutes = {
  list: defineRoute('GET', '/group/list', { response: groupList }),
  create: defineRoute('POST', '/group/create', { body: groupBody, response: groupCreated }),
  update: defineRoute('POST', '/group/update/:id', { params: idParams, body: groupBody, response: noData }),
  delete: defineRoute('POST', '/group/delete/:id', { params: idParams, response: noData }),
};
