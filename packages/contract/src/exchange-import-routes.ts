import { fileOnly, idParams } from './fields.ts';
import {
  documentSource,
  importDecideBody,
  importListQuery,
  importPage,
  importRowPage,
  importRowsQuery,
  importServerBody,
  importView,
} from './exchange-import.ts';
import { defineRoute } from './route.ts';

/** The routes of part 2. Every one acts in the entered project; the import's id must be of that project. */
export const exchangeImportRoutes = {
  /** The zip as a multipart file part `file` (limits.ts's upload size). */
  upload: defineRoute('POST', '/exchange/import', { multipart: fileOnly, response: importView }),
  fromServer: defineRoute('POST', '/exchange/import/server', { body: importServerBody, response: importView }),
  list: defineRoute('GET', '/exchange/import/list', { query: importListQuery, response: importPage }),
  get: defineRoute('GET', '/exchange/import/:id', { params: idParams, response: importView }),
  rows: defineRoute('GET', '/exchange/import/:id/rows', {
    params: idParams,
    query: importRowsQuery,
    response: importRowPage,
  }),
  decide: defineRoute('POST', '/exchange/import/:id/rows', {
    params: idParams,
    body: importDecideBody,
    response: importView,
  }),
  accept: defineRoute('POST', '/exchange/import/:id/accept', { params: idParams, response: importView }),
  cancel: defineRoute('POST', '/exchange/import/:id/cancel', { params: idParams, response: importView }),
  source: defineRoute('GET', '/file/source/:id', { params: idParams, response: documentSource }),
};
