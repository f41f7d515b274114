import { ssoRoutes as r } from '@edoc/contract/sso-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import type { RawAnswer } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { fail } from '../../lib/app-error.ts';
import {
  deleteProvider,
  deleteRule,
  listProviders,
  listRules,
  saveProvider,
  saveRule,
  testIssuer,
} from './sso-admin.service.ts';
import { callback, complete, enabledProvider, startRequest } from './sso-flow.ts';
import { discoverFor, providerChoices, ssoProviderOfUser } from './sso-login.ts';

const redirect: RawAnswer = { raw: ['text/plain'], description: 'A 302 redirect (Location), no body of interest.' };

/**
 * Single sign-on (issue 29 parts 1 and 2), every route as ssoRoutes declares it: the system administrator's
 * providers, the company administrator's group rules, the login page's flow and the sign dialog's fresh
 * authentication. The flow's routes are public: the state, the ticket or the session are the proof.
 */
export function ssoRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.providers.path, { access: 'systemAdmin', response: r.providers.response }, () => listProviders(deps));
  post(
    r.saveProvider.path,
    { access: 'systemAdmin', body: r.saveProvider.body, response: r.saveProvider.response },
    ({ ctx, body }) => saveProvider(deps, ctx, body),
  );
  post(
    r.testIssuer.path,
    { access: 'systemAdmin', body: r.testIssuer.body, response: r.testIssuer.response },
    ({ body }) => testIssuer(body.issuer),
  );
  post(
    r.deleteProvider.path,
    { access: 'systemAdmin', params: r.deleteProvider.params, response: r.deleteProvider.response },
    async ({ ctx, params }) => {
      await deleteProvider(deps, ctx, params.id);
      return null;
    },
  );

  get(r.rules.path, { access: 'companyAdmin', query: r.rules.query, response: r.rules.response }, ({ ctx, query }) =>
    listRules(deps, ctx, query.companyId),
  );
  post(
    r.saveRule.path,
    { access: 'companyAdmin', body: r.saveRule.body, response: r.saveRule.response },
    async ({ ctx, body }) => {
      await saveRule(deps, ctx, body);
      return null;
    },
  );
  post(
    r.deleteRule.path,
    { access: 'companyAdmin', params: r.deleteRule.params, query: r.deleteRule.query, response: r.deleteRule.response },
    async ({ ctx, params, query }) => {
      await deleteRule(deps, ctx, params.id, query.companyId);
      return null;
    },
  );

  get(r.discover.path, { access: 'public', query: r.discover.query, response: r.discover.response }, ({ query }) =>
    discoverFor(deps, query.email),
  );
  get(r.choices.path, { access: 'public', response: r.choices.response }, () => providerChoices(deps));

  get(
    r.start.path,
    { access: 'public', query: r.start.query, response: redirect, writes: true },
    async ({ query, reply }) => {
      const p = await enabledProvider(deps, query.provider);
      const url = await startRequest(deps, p, { purpose: 'login', lang: query.lang ?? 'zh-CN' });
      return reply.redirect(url, 302);
    },
  );
  get(
    r.callback.path,
    { access: 'public', query: r.callback.query, response: redirect, writes: true },
    async ({ ctx, query, request, reply }) => {
      // The URL the provider sent the browser to, as openid-client compares it with the redirect_uri.
      const url = new URL(request.url, deps.config.PUBLIC_URL);
      return reply.redirect(await callback(deps, query, url, ctx.client), 302);
    },
  );
  post(r.complete.path, { access: 'public', body: r.complete.body, response: r.complete.response }, ({ ctx, body }) =>
    complete(deps, body.ticket, ctx.client),
  );

  get(r.account.path, { access: 'signedIn', response: r.account.response }, async ({ ctx }) => ({
    provider: await ssoProviderOfUser(deps, ctx.auth.user.id),
  }));
  post(
    r.signStart.path,
    { access: 'signedIn', body: r.signStart.body, response: r.signStart.response },
    async ({ ctx, body }) => {
      const mine = await ssoProviderOfUser(deps, ctx.auth.user.id);
      if (!mine) return fail('sso_not_sso_account');
      const p = await enabledProvider(deps, mine.providerId);
      const lang = ctx.lang;
      return {
        url: await startRequest(deps, p, { purpose: 'sign', lang, userId: ctx.auth.user.id, returnTo: body.returnTo }),
      };
    },
  );
}
