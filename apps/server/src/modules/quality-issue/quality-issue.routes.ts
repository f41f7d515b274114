import { qualityIssueRoutes as r } from '@edoc/contract/quality-issue-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { listIssues } from './quality-issue-list.service.ts';
import { raiseIssue, takeStep } from './quality-issue.service.ts';

const access = 'projectMember' as const;

/**
 * Quality issues of the entered project (issue 27 part 5), every route as qualityIssueRoutes declares it. The gate
 * admits members; who may raise or take a step is quality-issue.policy.ts's, by the document and the person.
 */
export function qualityIssueRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.list.path, { access, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    listIssues(deps, ctx, query),
  );

  post(r.create.path, { access, body: r.create.body, response: r.create.response }, async ({ ctx, body }) => ({
    id: await raiseIssue(deps, ctx, body),
  }));

  post(
    r.resolve.path,
    { access, params: r.resolve.params, body: r.resolve.body, response: r.resolve.response },
    async ({ ctx, params, body }) => {
      await takeStep(deps, ctx, params.id, { action: 'resolve', resolution: body.resolution });
      return null;
    },
  );

  post(r.verify.path, { access, params: r.verify.params, response: r.verify.response }, async ({ ctx, params }) => {
    await takeStep(deps, ctx, params.id, { action: 'verify' });
    return null;
  });

  post(
    r.reopen.path,
    { access, params: r.reopen.params, body: r.reopen.body, response: r.reopen.response },
    async ({ ctx, params, body }) => {
      await takeStep(deps, ctx, params.id, { action: 'reopen', comment: body.comment });
      return null;
    },
  );

  post(
    r.waive.path,
    { access, params: r.waive.params, body: r.waive.body, response: r.waive.response },
    async ({ ctx, params, body }) => {
      await takeStep(deps, ctx, params.id, { action: 'waive', reason: body.reason });
      return null;
    },
  );

  post(
    r.reassign.path,
    { access, params: r.reassign.params, body: r.reassign.body, response: r.reassign.response },
    async ({ ctx, params, body }) => {
      await takeStep(deps, ctx, params.id, { action: 'reassign', assigneeId: body.assigneeId });
      return null;
    },
  );
}
