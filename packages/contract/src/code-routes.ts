import {
  CODE_API_PREFIX,
  codeBody,
  codeIdData,
  codeList,
  codeListQuery,
  codeScopeQuery,
  codeTypeBody,
  codeTypeList,
  codeTypeListQuery,
} from './code.ts';
import { noData } from './envelope.ts';
import { importResult } from './excel.ts';
import { fileOnly, idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** A scope's dictionary calls under its prefix: the company's and the project's take the same schemas. */
const codeTable = <const P extends string>(at: P) => ({
  typeList: defineRoute('GET', `${at}/type/list`, { query: codeTypeListQuery, response: codeTypeList }),
  typeCreate: defineRoute('POST', `${at}/type/create`, {
    query: codeScopeQuery,
    body: codeTypeBody,
    response: codeIdData,
  }),
  typeUpdate: defineRoute('POST', `${at}/type/update/:id`, {
    params: idParams,
    query: codeScopeQuery,
    body: codeTypeBody,
    response: noData,
  }),
  typeDelete: defineRoute('POST', `${at}/type/delete/:id`, {
    params: idParams,
    query: codeScopeQuery,
    response: noData,
  }),
  typeExport: defineRoute('GET', `${at}/type/export`, { query: codeScopeQuery, response: rawAnswer }),
  typeImportSample: defineRoute('GET', `${at}/type/import/sample`, { query: codeScopeQuery, response: rawAnswer }),
  typeImport: defineRoute('POST', `${at}/type/import`, {
    query: codeScopeQuery,
    multipart: fileOnly,
    response: importResult,
  }),
  list: defineRoute('GET', `${at}/list`, { query: codeListQuery, response: codeList }),
  create: defineRoute('POST', `${at}/create`, { query: codeScopeQuery, body: codeBody, response: codeIdData }),
  update: defineRoute('POST', `${at}/update/:id`, {
    params: idParams,
    query: codeScopeQuery,
    body: codeBody,
    response: noData,
  }),
  delete: defineRoute('POST', `${at}/delete/:id`, { params: idParams, query: codeScopeQuery, response: noData }),
  export: defineRoute('GET', `${at}/export`, { query: codeScopeQuery, response: rawAnswer }),
  importSample: defineRoute('GET', `${at}/import/sample`, { query: codeScopeQuery, response: rawAnswer }),
  import: defineRoute('POST', `${at}/import`, { query: codeScopeQuery, multipart: fileOnly, response: importResult }),
});

/** The dictionaries by scope: the company's (/code, its administrator) and the entered project's (/manage/code). */
export const codeRoutes = {
  company: codeTable(CODE_API_PREFIX.company),
  project: codeTable(CODE_API_PREFIX.project),
};
