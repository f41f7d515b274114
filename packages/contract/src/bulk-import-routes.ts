import { fileOnly, idParams } from './fields.ts';
import {
  bulkAcceptBody,
  bulkImportView,
  bulkListQuery,
  bulkPage,
  bulkRowPage,
  bulkRowsBody,
  bulkRowsQuery,
} from './bulk-import.ts';
import { defineRoute, rawAnswer } from './route.ts';

/** The routes of part 3. Every one acts in the entered project; the import's id must be of that project. */
export const bulkImportRoutes = {
  /** Multipart: the zip as part `file`, the spreadsheet (optional, .xlsx or .csv) as part `sheet`. */
  upload: defineRoute('POST', '/exchange/bulk', { multipart: fileOnly, response: bulkImportView }),
  /** The spreadsheet template (xlsx), headers in the caller's language; both languages' headers are read. */
  template: defineRoute('GET', '/exchange/bulk/template', { response: rawAnswer }),
  list: defineRoute('GET', '/exchange/bulk/list', { query: bulkListQuery, response: bulkPage }),
  get: defineRoute('GET', '/exchange/bulk/:id', { params: idParams, response: bulkImportView }),
  rows: defineRoute('GET', '/exchange/bulk/:id/rows', {
    params: idParams,
    query: bulkRowsQuery,
    response: bulkRowPage,
  }),
  /** Corrections and decisions for some rows (validated against the project and the caller's sites). */
  correct: defineRoute('POST', '/exchange/bulk/:id/rows', {
    params: idParams,
    body: bulkRowsBody,
    response: bulkImportView,
  }),
  /** Accept the ids given, or all undecided rows without blocking problems; starts filing. */
  accept: defineRoute('POST', '/exchange/bulk/:id/accept', {
    params: idParams,
    body: bulkAcceptBody,
    response: bulkImportView,
  }),
  cancel: defineRoute('POST', '/exchange/bulk/:id/cancel', { params: idParams, response: bulkImportView }),
};
