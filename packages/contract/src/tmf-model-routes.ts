import { noData } from './envelope.ts';
import { fileOnly, idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import {
  tmfModelBody,
  tmfModelDetail,
  tmfModelIdData,
  tmfModelImportQuery,
  tmfModelList,
  tmfModelScopeQuery,
} from './tmf-model.ts';

/**
 * Issue 27: a company's TMF models (and the ones edoc ships), with the spreadsheet import and export in the published
 * Reference Model's layout. A company administrator (or the system administrator, naming the company) changes them;
 * the company's project administrators read them to choose one.
 */
export const tmfModelRoutes = {
  list: defineRoute('GET', '/tmf-model/list', { query: tmfModelScopeQuery, response: tmfModelList }),
  /** An empty workbook with the layout's header row, to fill in. */
  importSample: defineRoute('GET', '/tmf-model/import/sample', { query: tmfModelScopeQuery, response: rawAnswer }),
  import: defineRoute('POST', '/tmf-model/import', {
    query: tmfModelImportQuery,
    multipart: fileOnly,
    response: tmfModelIdData,
  }),
  detail: defineRoute('GET', '/tmf-model/:id', {
    params: idParams,
    query: tmfModelScopeQuery,
    response: tmfModelDetail,
  }),
  export: defineRoute('GET', '/tmf-model/:id/export', {
    params: idParams,
    query: tmfModelScopeQuery,
    response: rawAnswer,
  }),
  create: defineRoute('POST', '/tmf-model/create', {
    query: tmfModelScopeQuery,
    body: tmfModelBody,
    response: tmfModelIdData,
  }),
  /** A draft only: a published version is frozen. */
  update: defineRoute('POST', '/tmf-model/update/:id', {
    params: idParams,
    query: tmfModelScopeQuery,
    body: tmfModelBody,
    response: noData,
  }),
  /** Freezes a draft: projects may then use it. */
  publish: defineRoute('POST', '/tmf-model/publish/:id', {
    params: idParams,
    query: tmfModelScopeQuery,
    response: noData,
  }),
  /** A new draft version copied from this one (a shipped model's copy becomes the company's own). */
  newVersion: defineRoute('POST', '/tmf-model/version/:id', {
    params: idParams,
    query: tmfModelScopeQuery,
    response: tmfModelIdData,
  }),
  /** A model no project uses. */
  delete: defineRoute('POST', '/tmf-model/delete/:id', {
    params: idParams,
    query: tmfModelScopeQuery,
    response: noData,
  }),
  /**
   * The entered project's administrators read their company's models (and the shipped ones) to choose one: the same
   * answers under /manage, gated by the project, as the code dictionary's project scope is.
   */
  projectList: defineRoute('GET', '/manage/tmf-model/list', { response: tmfModelList }),
  projectDetail: defineRoute('GET', '/manage/tmf-model/:id', { params: idParams, response: tmfModelDetail }),
  projectExport: defineRoute('GET', '/manage/tmf-model/:id/export', { params: idParams, response: rawAnswer }),
};
