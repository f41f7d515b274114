import {
  apiTokenCreateBody,
  apiTokenCreated,
  apiTokenList,
  apiTokenListQuery,
  serviceAccountCreateBody,
  serviceAccountCreated,
  serviceAccountList,
} from './api-token.ts';
import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';

/** API tokens and service accounts (issue 29 part 4). */
export const apiTokenRoutes = {
  create: defineRoute('POST', '/api-token', { body: apiTokenCreateBody, response: apiTokenCreated }),
  list: defineRoute('GET', '/api-token/list', { query: apiTokenListQuery, response: apiTokenList }),
  revoke: defineRoute('POST', '/api-token/:id/revoke', { params: idParams, response: noData }),
  createServiceAccount: defineRoute('POST', '/service-account', {
    body: serviceAccountCreateBody,
    response: serviceAccountCreated,
  }),
  serviceAccounts: defineRoute('GET', '/service-account/list', {
    query: companyScopeQuery,
    response: serviceAccountList,
  }),
  disableServiceAccount: defineRoute('POST', '/service-account/:id/disable', { params: idParams, response: noData }),
};
