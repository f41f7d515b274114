import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import {
  companyEntryBody,
  companyEntryData,
  directoryTemplateList,
  managedCompanyList,
  projectBody,
  projectCreated,
  projectItem,
  projectList,
  projectListQuery,
  projectEntryBody,
  projectEntryData,
  projectEntryList,
  projectEntryListQuery,
  projectMarkData,
  projectSettingsBody,
} from './project.ts';
import { defineRoute } from './route.ts';

/** The managed company's projects and the directory templates a new one may start from. */
export const projectRoutes = {
  list: defineRoute('GET', '/project/list', { query: projectListQuery, response: projectList }),
  detail: defineRoute('GET', '/project/:id', { params: idParams, query: companyScopeQuery, response: projectItem }),
  create: defineRoute('POST', '/project/create', {
    query: companyScopeQuery,
    body: projectBody,
    response: projectCreated,
  }),
  update: defineRoute('POST', '/project/update/:id', {
    params: idParams,
    query: companyScopeQuery,
    body: projectBody,
    response: noData,
  }),
  close: defineRoute('POST', '/project/close/:id', { params: idParams, query: companyScopeQuery, response: noData }),
  reopen: defineRoute('POST', '/project/reopen/:id', { params: idParams, query: companyScopeQuery, response: noData }),
  directoryTemplates: defineRoute('GET', '/template/directory/list', {
    query: companyScopeQuery,
    response: directoryTemplateList,
  }),
};

/** The project picker: the caller's projects and companies, and entering one. */
export const projectEntryRoutes = {
  list: defineRoute('GET', '/common/study', { query: projectEntryListQuery, response: projectEntryList }),
  enter: defineRoute('POST', '/common/study/entry', { body: projectEntryBody, response: projectEntryData }),
  mark: defineRoute('POST', '/common/study/mark/:id/a', { params: idParams, response: projectMarkData }),
  companies: defineRoute('GET', '/common/company', { response: managedCompanyList }),
  enterCompany: defineRoute('POST', '/common/company/entry', { body: companyEntryBody, response: companyEntryData }),
};

/** The entered project's own settings (/manage/study). */
export const projectSettingsRoutes = {
  settings: defineRoute('GET', '/manage/study', { response: projectItem }),
  update: defineRoute('POST', '/manage/study/update', { body: projectSettingsBody, response: noData }),
};
