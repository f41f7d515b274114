import { expectedRoutes as r } from '@edoc/contract/expected-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import {
  create,
  generate,
  linkDocument,
  list,
  matches,
  notApplicable,
  remove,
  reopen,
  unlinkDocument,
} from './expected.service.ts';

const admin = 'projectAdmin' as const;
// The document's own rights decide (read for matches, edit for a link): the service checks them on its folder.
const member = 'projectMember' as const;

/**
 * The entered project's expected documents (issue 27 part 4), every route as expectedRoutes declares it:
 * /manage/expected/* its administrators, /expected/* any member with rights on the document.
 */
export function expectedRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.list.path, { access: admin, query: r.list.query, response: r.list.response }, ({ ctx, query }) =>
    list(deps, ctx, query),
  );
  post(r.generate.path, { access: admin, response: r.generate.response }, ({ ctx }) => generate(deps, ctx));
  post(r.create.path, { access: admin, body: r.create.body, response: r.create.response }, ({ ctx, body }) =>
    create(deps, ctx, body),
  );
  post(
    r.notApplicable.path,
    { access: admin, params: r.notApplicable.params, body: r.notApplicable.body, response: r.notApplicable.response },
    async ({ ctx, params, body }) => {
      await notApplicable(deps, ctx, params.id, body.reason);
      return null;
    },
  );
  post(
    r.reopen.path,
    { access: admin, params: r.reopen.params, response: r.reopen.response },
    async ({ ctx, params }) => {
      await reopen(deps, ctx, params.id);
      return null;
    },
  );
  post(
    r.remove.path,
    { access: admin, params: r.remove.params, response: r.remove.response },
    async ({ ctx, params }) => {
      await remove(deps, ctx, params.id);
      return null;
    },
  );

  get(r.matches.path, { access: member, query: r.matches.query, response: r.matches.response }, ({ ctx, query }) =>
    matches(deps, ctx, query.documentId),
  );
  post(r.link.path, { access: member, body: r.link.body, response: r.link.response }, async ({ ctx, body }) => {
    await linkDocument(deps, ctx, body);
    return null;
  });
  post(r.unlink.path, { access: member, body: r.unlink.body, response: r.unlink.response }, async ({ ctx, body }) => {
    await unlinkDocument(deps, ctx, body);
    return null;
  });
}
