import { apiTokenRoutes as r } from '@edoc/contract/api-token-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createToken, listTokens, revokeToken } from './api-token.service.ts';
import { createServiceAccount, disableServiceAccount, listServiceAccounts } from './service-account.service.ts';

/** API tokens and service accounts (issue 29 part 4), every route as apiTokenRoutes declares it. */
export function apiTokenRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  post(r.create.path, { access: 'signedIn', body: r.create.body, response: r.create.response }, ({ ctx, body }) =>
    createToken(deps, ctx, body),
  );

  get(r.list.path, { access: 'signedIn', query: r.list.query, response: r.list.response }, async ({ ctx, query }) => ({
    list: await listTokens(deps, ctx, query.userId),
  }));

  post(
    r.revoke.path,
    { access: 'signedIn', params: r.revoke.params, response: r.revoke.response },
    async ({ ctx, params }) => {
      await revokeToken(deps, ctx, params.id);
      return null;
    },
  );

  post(
    r.createServiceAccount.path,
    { access: 'companyAdmin', body: r.createServiceAccount.body, response: r.createServiceAccount.response },
    ({ ctx, body }) => createServiceAccount(deps, ctx, body),
  );

  get(
    r.serviceAccounts.path,
    { access: 'companyAdmin', query: r.serviceAccounts.query, response: r.serviceAccounts.response },
    async ({ ctx, query }) => ({ list: await listServiceAccounts(deps, ctx, query.companyId) }),
  );

  post(
    r.disableServiceAccount.path,
    { access: 'companyAdmin', params: r.disableServiceAccount.params, response: r.disableServiceAccount.response },
    async ({ ctx, params }) => {
      await disableServiceAccount(deps, ctx, params.id);
      return null;
    },
  );
}
