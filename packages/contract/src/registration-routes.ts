import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { userIdParams } from './fields.ts';
import { approveBody, approveListQuery, registerBody, registerData, registrationList } from './registration.ts';
import { defineRoute } from './route.ts';

/** Registering an account, and its approval by the company's administrator. */
export const registrationRoutes = {
  register: defineRoute('POST', '/register', { body: registerBody, response: registerData }),
  list: defineRoute('GET', '/company/approve/list', { query: approveListQuery, response: registrationList }),
  approve: defineRoute('POST', '/company/approve/:userId/a', {
    params: userIdParams,
    query: companyScopeQuery,
    body: approveBody,
    response: noData,
  }),
};
