import {
  fileAuditQuery,
  fileTrail,
  projectTrailPage,
  projectTrailQuery,
  trailExportQuery,
} from '@edoc/contract/trail-query';
import type { Deps } from '../../lib/deps.ts';
import { XLSX_TYPE } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { contentDisposition } from '../../lib/send-blob.ts';
import { exportTrail, fileTrailOf, projectTrail, trailExportName } from './trail-list.service.ts';

/** The operation trail as users read it: one document's (viewTrailDoc) and the project's (administrators). */
export function trailRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);

  get(
    '/audit/find_file_audits',
    { access: 'projectMember', query: fileAuditQuery, response: fileTrail },
    ({ ctx, query }) => fileTrailOf(deps, ctx, query.fileId),
  );

  get(
    '/audit/project/list',
    { access: 'projectAdmin', query: projectTrailQuery, response: projectTrailPage },
    ({ ctx, query }) => projectTrail(deps, ctx, query),
  );

  get(
    '/audit/project/export',
    {
      access: 'projectAdmin',
      query: projectTrailQuery.and(trailExportQuery),
      response: {
        raw: [MEDIA.csv, MEDIA.xlsx],
        named: true,
        description: "The project's trail rows, as CSV or Excel.",
      },
    },
    async ({ ctx, query, reply }) => {
      const { format } = query;
      const body = await exportTrail(deps, ctx, query);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(trailExportName(ctx.projectId, format)))
        .send(body);
    },
  );
}
