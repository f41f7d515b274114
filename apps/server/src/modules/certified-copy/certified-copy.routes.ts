import { certifiedCopyRoutes as r } from '@edoc/contract/certified-copy-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { certifyVersion } from './certified-copy.service.ts';

/**
 * Certified copies (issue 28 part 4), as certifiedCopyRoutes declares them. The gate admits members; certifyDoc on
 * the document's folder is checked on the document by the service.
 */
export function certifiedCopyRoutes(api: Api, deps: Deps): void {
  const { post } = routes(api);

  post(
    r.certify.path,
    { access: 'projectMember', params: r.certify.params, body: r.certify.body, response: r.certify.response },
    ({ ctx, params, body }) => certifyVersion(deps, ctx, params.id, body),
  );
}
