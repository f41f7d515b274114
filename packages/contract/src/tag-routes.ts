import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';
import { tagBody, tagIdData, tagList } from './tag.ts';

/** The entered project's document tags. */
export const tagRoutes = {
  list: defineRoute('GET', '/tag/list', { response: tagList }),
  create: defineRoute('POST', '/tag/create', { body: tagBody, response: tagIdData }),
  update: defineRoute('POST', '/tag/update/:id', { params: idParams, body: tagBody, response: noData }),
  delete: defineRoute('POST', '/tag/delete/:id', { params: idParams, response: noData }),
};
