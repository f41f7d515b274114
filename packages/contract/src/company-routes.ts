import {
  companyBody,
  companyIdData,
  companyItem,
  companyList,
  companyListQuery,
  companyManagerBody,
  companyScopeQuery,
  companyUserCreateBody,
  companyUserEditBody,
  companyUserList,
  companyUserPage,
  companyUsersQuery,
  userIdData,
  usersNotInProjectQuery,
} from './company.ts';
import { noData } from './envelope.ts';
import { importResult } from './excel.ts';
import { fileOnly, idParams, userIdParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** Companies (the system administrator's) and their administrators. */
export const companyRoutes = {
  list: defineRoute('GET', '/company/list', { query: companyListQuery, response: companyList }),
  detail: defineRoute('GET', '/company/:id', { params: idParams, response: companyItem }),
  create: defineRoute('POST', '/company/create', { body: companyBody, response: companyIdData }),
  update: defineRoute('POST', '/company/update/:id', { params: idParams, body: companyBody, response: noData }),
  disable: defineRoute('POST', '/company/disable/:id', { params: idParams, response: noData }),
  enable: defineRoute('POST', '/company/enable/:id', { params: idParams, response: noData }),
  setManager: defineRoute('POST', '/company/set/company/manager/a', { body: companyManagerBody, response: userIdData }),
  managers: defineRoute('GET', '/company/:id/managers', { params: idParams, response: companyUserList }),
};

/** A company's users as its administrator keeps them, with their Excel export and import. */
export const companyUserRoutes = {
  list: defineRoute('GET', '/company/users', { query: companyUsersQuery, response: companyUserPage }),
  export: defineRoute('GET', '/company/users/export', { query: companyUsersQuery, response: rawAnswer }),
  notInProject: defineRoute('GET', '/company/users/not/study', {
    query: usersNotInProjectQuery,
    response: companyUserList,
  }),
  create: defineRoute('POST', '/company/user', {
    query: companyScopeQuery,
    body: companyUserCreateBody,
    response: userIdData,
  }),
  update: defineRoute('POST', '/company/user/a', {
    query: companyScopeQuery,
    body: companyUserEditBody,
    response: noData,
  }),
  resetPassword: defineRoute('POST', '/company/user/reset/:userId', {
    params: userIdParams,
    query: companyScopeQuery,
    response: noData,
  }),
  importSample: defineRoute('GET', '/company/user/import/sample', { query: companyScopeQuery, response: rawAnswer }),
  import: defineRoute('POST', '/company/user/import', {
    query: companyScopeQuery,
    multipart: fileOnly,
    response: importResult,
  }),
};
