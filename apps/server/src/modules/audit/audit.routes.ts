import { fileAuditQuery, projectTrailQuery, trailExportQuery } from '@edoc/contract/audit';
import type { Deps } from '../../lib/deps.ts';
import { XLSX_TYPE } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { contentDisposition } from '../../lib/send-blob.ts';
import { projectOf } from '../study/study.policy.ts';
import { exportTrail, fileAudits, projectTrail, trailExportName } from './audit.service.ts';

/** The operation trail as users read it: one document's (viewTrailDoc) and the project's (administrators). */
export function auditRoutes(api: Api, deps: Deps): void {
  api.get(
    '/audit/find_file_audits',
    { config: { access: 'projectMember' }, schema: { querystring: fileAuditQuery } },
    async (request) => ok(await fileAudits(deps, projectOf(request), request.query.fileId)),
  );

  api.get(
    '/audit/project/list',
    { config: { access: 'projectAdmin' }, schema: { querystring: projectTrailQuery } },
    async (request) => ok(await projectTrail(deps, projectOf(request), request.query)),
  );

  api.get(
    '/audit/project/export',
    { config: { access: 'projectAdmin' }, schema: { querystring: projectTrailQuery.and(trailExportQuery) } },
    async (request, reply) => {
      const ctx = projectOf(request);
      const { format } = request.query;
      const body = await exportTrail(deps, ctx, request.query, format, requestLang(request));
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(trailExportName(ctx.projectId, format)))
        .send(body);
    },
  );
}
