import { totpRoutes as r } from '@edoc/contract/totp-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { userAdminOf } from '../company/company.policy.ts';
import { getSignInPolicy, setSignInPolicy } from './sign-in-policy.service.ts';
import { loginConfirm, loginEnrol, loginWithTotp } from './totp-sign-in.ts';
import { confirmTotp, disableTotp, enrolTotp, renewCodes, resetTotp, totpStatus } from './totp.service.ts';

/**
 * Two-factor sign-in (issue 29 part 3), every route as totpRoutes declares it: the signed-in user's own factor, the
 * sign-in step after the password (public: the challenge token is the proof), the administrator's reset and the
 * company's sign-in policy.
 */
export function totpRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(r.status.path, { access: 'signedIn', response: r.status.response }, ({ ctx }) => totpStatus(deps, ctx));

  post(r.enrol.path, { access: 'signedIn', body: r.enrol.body, response: r.enrol.response }, ({ ctx, body }) =>
    enrolTotp(deps, ctx, body.password),
  );

  post(
    r.confirm.path,
    { access: 'signedIn', body: r.confirm.body, response: r.confirm.response },
    async ({ ctx, body }) => ({ recoveryCodes: await confirmTotp(deps, ctx, body.code) }),
  );

  post(
    r.recoveryCodes.path,
    { access: 'signedIn', body: r.recoveryCodes.body, response: r.recoveryCodes.response },
    async ({ ctx, body }) => ({ recoveryCodes: await renewCodes(deps, ctx, body.code) }),
  );

  post(
    r.disable.path,
    { access: 'signedIn', body: r.disable.body, response: r.disable.response },
    async ({ ctx, body }) => {
      await disableTotp(deps, ctx, body);
      return null;
    },
  );

  post(
    r.reset.path,
    { access: 'companyAdmin', params: r.reset.params, query: r.reset.query, response: r.reset.response },
    async ({ ctx, params, query }) => {
      await resetTotp(deps, ctx, { ownCompanyId: userAdminOf(ctx, query.companyId), userId: params.userId });
      return null;
    },
  );

  post(r.login.path, { access: 'public', body: r.login.body, response: r.login.response }, ({ ctx, body }) =>
    loginWithTotp(deps, body, ctx.client),
  );

  post(
    r.loginEnrol.path,
    { access: 'public', body: r.loginEnrol.body, response: r.loginEnrol.response },
    ({ ctx, body }) => loginEnrol(deps, body.challenge, ctx.client),
  );

  post(
    r.loginConfirm.path,
    { access: 'public', body: r.loginConfirm.body, response: r.loginConfirm.response },
    ({ ctx, body }) => loginConfirm(deps, body, ctx.client),
  );

  get(r.policy.path, { access: 'companyAdmin', query: r.policy.query, response: r.policy.response }, ({ ctx, query }) =>
    getSignInPolicy(deps, ctx, query.companyId),
  );

  post(
    r.setPolicy.path,
    { access: 'companyAdmin', body: r.setPolicy.body, response: r.setPolicy.response },
    async ({ ctx, body }) => {
      await setSignInPolicy(deps, ctx, body);
      return null;
    },
  );
}
