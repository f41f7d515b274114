import { milestoneTypeRoutes as r } from '@edoc/contract/milestone-type-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { companyOf } from '../../plugins/context.ts';
import { routes } from '../../plugins/route.ts';
import {
  createMilestoneType,
  deleteMilestoneType,
  listMilestoneTypes,
  updateMilestoneType,
} from './milestone-type.service.ts';

const access = 'companyAdmin' as const;

/**
 * A company's milestone types (issue 27 part 3), every route as milestoneTypeRoutes declares it: the company
 * administrator, or the system administrator naming the company (companyOf), as /tmf-model/*.
 */
export function milestoneTypeRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.list.path, { access, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    listMilestoneTypes(deps, companyOf(ctx, query.companyId)),
  );

  post(
    r.create.path,
    { access, query: r.create.query, body: r.create.body, response: r.create.response },
    async ({ ctx, query, body }) => ({
      id: await createMilestoneType(deps, ctx, { companyId: companyOf(ctx, query.companyId), body }),
    }),
  );

  post(
    r.update.path,
    { access, params: r.update.params, query: r.update.query, body: r.update.body, response: r.update.response },
    async ({ ctx, params, query, body }) => {
      await updateMilestoneType(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id, body });
      return null;
    },
  );

  post(
    r.delete.path,
    { access, params: r.delete.params, query: r.delete.query, response: r.delete.response },
    async ({ ctx, params, query }) => {
      await deleteMilestoneType(deps, ctx, { companyId: companyOf(ctx, query.companyId), id: params.id });
      return null;
    },
  );
}
