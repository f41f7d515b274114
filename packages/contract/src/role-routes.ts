import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { roleBody, roleCreated, roleList } from './role.ts';
import { defineRoute } from './route.ts';

/** The entered project's roles. */
export const roleRoutes = {
  list: defineRoute('GET', '/role/list', { response: roleList }),
  create: defineRoute('POST', '/role/create', { body: roleBody, response: roleCreated }),
  update: defineRoute('POST', '/role/update/:id', { params: idParams, body: roleBody, response: noData }),
  delete: defineRoute('POST', '/role/delete/:id', { params: idParams, response: noData }),
};
