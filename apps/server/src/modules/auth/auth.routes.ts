import {
  captchaResponse,
  extendSessionData,
  forgetPasswordBody,
  loginBody,
  loginData,
  modifyPasswordBody,
  verifyCodeQuery,
} from '@edoc/contract/auth';
import { noData } from '@edoc/contract/envelope';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/sessions.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { issueCaptcha } from './captcha.service.ts';
import { login, logout } from './login.service.ts';
import { sessionIdOf } from '../../plugins/auth.ts';
import { forgetPassword, modifyPassword, requestResetCode } from './reset.service.ts';

export function authRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/captcha', { access: 'public', response: captchaResponse }, () => issueCaptcha(deps.db));

  post('/login', { access: 'public', body: loginBody, response: loginData }, ({ ctx, body }) =>
    login(deps, { ...body, lang: body.lang ?? ctx.lang }, ctx.client),
  );

  post('/logout', { access: 'signedIn', response: noData }, async ({ ctx }) => {
    await logout(deps, ctx);
    return null;
  });

  post(
    '/user/modify_password',
    { access: 'public', body: modifyPasswordBody, response: noData },
    async ({ ctx, body }) => {
      await modifyPassword(deps, ctx, body);
      return null;
    },
  );

  get(
    '/user/pwd/verify/code',
    { access: 'public', query: verifyCodeQuery, response: noData },
    async ({ ctx, query }) => {
      await requestResetCode(deps, query.email, ctx.lang);
      return null;
    },
  );

  post('/forget_password', { access: 'public', body: forgetPasswordBody, response: noData }, async ({ ctx, body }) => {
    await forgetPassword(deps, body, ctx.client);
    return null;
  });

  // The idle prompt's "extend": authenticating already moved last_seen_at, so this only has to answer.
  post('/session/extend', { access: 'signedIn', response: extendSessionData }, async ({ ctx }) => {
    const { session } = ctx.auth;
    await deps.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionIdOf(ctx.auth)));
    return { idleSeconds: session.idleMinutes * 60 };
  });
}
