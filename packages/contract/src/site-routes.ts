import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';
import { siteBody, siteCreated, siteList } from './site.ts';

/** The entered project's sites. */
export const siteRoutes = {
  list: defineRoute('GET', '/site/list', { response: siteList }),
  create: defineRoute('POST', '/site/create', { body: siteBody, response: siteCreated }),
  update: defineRoute('POST', '/site/update/:id', { params: idParams, body: siteBody, response: noData }),
  delete: defineRoute('POST', '/site/delete/:id', { params: idParams, response: noData }),
};
