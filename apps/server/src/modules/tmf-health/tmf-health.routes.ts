import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import type { Deps } from '../../lib/deps.ts';
import { xlsxHeaders } from '../../lib/excel.ts';
import type { Api } from '../../lib/http.ts';
import { workbook } from '../../lib/raw-answer.ts';
import { companyOf } from '../../plugins/context.ts';
import { routes } from '../../plugins/route.ts';
import { healthWorkbook } from './tmf-health-export.ts';
import { healthIssues, healthItems, healthLate } from './tmf-health-lists.ts';
import { healthScope } from './tmf-health.policy.ts';
import { companyHealth, healthSummary, setHealthTarget, summaryOf } from './tmf-health.service.ts';

const member = 'projectMember' as const;
const healthWorkbookAnswer = workbook('The TMF health figures: sheets Summary, Groups and Trend.');

/**
 * The TMF health dashboard (issue 27 part 6), every route as tmfHealthRoutes declares it: any member of the entered
 * project reads the figures over what they may see (tmf-health.policy.ts), its administrators set the target, the
 * company administrator (the system administrator naming the company, as /tmf-model/*) reads every project's.
 */
export function tmfHealthRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.summary.path, { access: member, query: r.summary.query, response: r.summary.response }, ({ ctx, query }) =>
    healthSummary(deps, ctx, query),
  );

  get(r.items.path, { access: member, query: r.items.query, response: r.items.response }, ({ ctx, query }) =>
    healthItems(deps, ctx, query),
  );

  get(r.late.path, { access: member, query: r.late.query, response: r.late.response }, ({ ctx, query }) =>
    healthLate(deps, ctx, query),
  );

  get(r.issues.path, { access: member, query: r.issues.query, response: r.issues.response }, ({ ctx, query }) =>
    healthIssues(deps, ctx, query),
  );

  get(
    r.export.path,
    { access: member, query: r.export.query, response: healthWorkbookAnswer },
    async ({ ctx, query, reply }) => {
      const summary = await deps.db.transaction(
        async (tx) => summaryOf(tx, await healthScope(tx, ctx, query), query.groupBy, ctx.lang),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const name = `${ctx.lang === 'en-US' ? 'tmf-health' : 'TMF健康度'}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply.headers(xlsxHeaders(name)).send(await healthWorkbook(summary, ctx.lang));
    },
  );

  post(
    r.target.path,
    { access: 'projectAdmin', body: r.target.body, response: r.target.response },
    async ({ ctx, body }) => {
      await setHealthTarget(deps, ctx, body);
      return null;
    },
  );

  get(
    r.company.path,
    { access: 'companyAdmin', query: r.company.query, response: r.company.response },
    ({ ctx, query }) => companyHealth(deps, companyOf(ctx, query.companyId)),
  );
}
