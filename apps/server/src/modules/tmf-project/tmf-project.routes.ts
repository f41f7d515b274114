import { tmfProjectRoutes as r } from '@edoc/contract/tmf-project-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { mapFolder } from './tmf-project-map.service.ts';
import { tmfSetup, useTmfModel } from './tmf-project.service.ts';

const access = 'projectAdmin' as const;

/**
 * A project uses a TMF model (issue 27 part 2), every route as tmfProjectRoutes declares it: the entered project's
 * administrators only, the gate of /manage/tmf-model (tmf-project.policy.ts holds the rules of the data).
 */
export function tmfProjectRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.setup.path, { access, response: r.setup.response }, ({ ctx }) => tmfSetup(deps, ctx));

  post(r.use.path, { access, body: r.use.body, response: r.use.response }, ({ ctx, body }) =>
    useTmfModel(deps, ctx, body.modelId),
  );

  post(
    r.map.path,
    { access, params: r.map.params, body: r.map.body, response: r.map.response },
    async ({ ctx, params, body }) => {
      await mapFolder(deps, ctx, { folderId: params.id, artifactId: body.artifactId });
      return null;
    },
  );
}
