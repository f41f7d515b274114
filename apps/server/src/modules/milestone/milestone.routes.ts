import { milestoneRoutes as r } from '@edoc/contract/milestone-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { listMilestones, saveMilestone } from './milestone.service.ts';

const access = 'projectAdmin' as const;

/**
 * The entered project's milestones (issue 27 part 3), every route as milestoneRoutes declares it: its administrators
 * (milestone.policy.ts holds the rules of a save's place).
 */
export function milestoneRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.list.path, { access, response: r.list.response }, ({ ctx }) => listMilestones(deps, ctx));

  post(r.save.path, { access, body: r.save.body, response: r.save.response }, async ({ ctx, body }) => {
    await saveMilestone(deps, ctx, body);
    return null;
  });
}
