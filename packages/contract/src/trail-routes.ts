import { defineRoute, rawAnswer } from './route.ts';
import {
  fileAuditQuery,
  fileTrail,
  projectTrailExportQuery,
  projectTrailPage,
  projectTrailQuery,
} from './trail-query.ts';

/** The operation trail as users read it: one document's and the project's, with its export. */
export const trailRoutes = {
  fileTrail: defineRoute('GET', '/audit/find_file_audits', { query: fileAuditQuery, response: fileTrail }),
  list: defineRoute('GET', '/audit/project/list', { query: projectTrailQuery, response: projectTrailPage }),
  export: defineRoute('GET', '/audit/project/export', { query: projectTrailExportQuery, response: rawAnswer }),
};
