import { exportBody, exportCreated, exportOptions } from './exchange.ts';
import { defineRoute } from './route.ts';

/** Exchange part 1 (issue 28): an eTMF-EMS or inspection package of a selection, made as a download-center task. */
export const exchangeExportRoutes = {
  options: defineRoute('GET', '/exchange/export/options', { response: exportOptions }),
  create: defineRoute('POST', '/exchange/export', { body: exportBody, response: exportCreated }),
};
