import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { fileOnly, idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import {
  templateBody,
  templateDetail,
  templateIdData,
  templateImportQuery,
  templateList,
  templateListQuery,
  templateSampleQuery,
} from './template.ts';

/** A company's templates (directory, document types…), with their Excel export and import. */
export const templateRoutes = {
  list: defineRoute('GET', '/template/list', { query: templateListQuery, response: templateList }),
  importSample: defineRoute('GET', '/template/import/sample', { query: templateSampleQuery, response: rawAnswer }),
  import: defineRoute('POST', '/template/import', {
    query: templateImportQuery,
    multipart: fileOnly,
    response: templateIdData,
  }),
  detail: defineRoute('GET', '/template/:id', { params: idParams, query: companyScopeQuery, response: templateDetail }),
  export: defineRoute('GET', '/template/:id/export', {
    params: idParams,
    query: companyScopeQuery,
    response: rawAnswer,
  }),
  create: defineRoute('POST', '/template/create', {
    query: companyScopeQuery,
    body: templateBody,
    response: templateIdData,
  }),
  update: defineRoute('POST', '/template/update/:id', {
    params: idParams,
    query: companyScopeQuery,
    body: templateBody,
    response: noData,
  }),
  delete: defineRoute('POST', '/template/delete/:id', { params: idParams, query: companyScopeQuery, response: noData }),
};
