import { forgetPasswordBody, loginBody, modifyPasswordBody, verifyCodeQuery } from '@edoc/contract/auth';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/sessions.ts';
import type { Deps } from '../../lib/deps.ts';
import { clientOf, type Api } from '../../lib/http.ts';
import { requestLang } from '../../lib/lang.ts';
import { ok } from '../../lib/reply.ts';
import { caller } from '../../plugins/auth.ts';
import { actorOf } from '../trail/trail.service.ts';
import { issueCaptcha } from './captcha.service.ts';
import { login, logout } from './login.service.ts';
import { forgetPassword, modifyPassword, requestResetCode } from './reset.service.ts';

const open = { config: { access: 'public' as const } };

export function authRoutes(api: Api, deps: Deps): void {
  api.get('/captcha', open, async () => ok(await issueCaptcha(deps.db)));

  api.post('/login', { ...open, schema: { body: loginBody } }, async (request) =>
    ok(await login(deps, { ...request.body, lang: request.body.lang ?? requestLang(request) }, clientOf(request))),
  );

  api.post('/logout', async (request) => {
    await logout(deps, caller(request).session.id, actorOf(request));
    return ok(null);
  });

  api.post('/user/modify_password', { ...open, schema: { body: modifyPasswordBody } }, async (request) => {
    await modifyPassword(deps, request.body, clientOf(request));
    return ok(null);
  });

  api.get('/user/pwd/verify/code', { ...open, schema: { querystring: verifyCodeQuery } }, async (request) => {
    await requestResetCode(deps, request.query.email, requestLang(request));
    return ok(null);
  });

  api.post('/forget_password', { ...open, schema: { body: forgetPasswordBody } }, async (request) => {
    await forgetPassword(deps, request.body, clientOf(request));
    return ok(null);
  });

  // The idle prompt's "extend": authenticating already moved last_seen_at, so this only has to answer.
  api.post('/session/extend', async (request) => {
    const { session } = caller(request);
    await deps.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
    return ok({ idleSeconds: session.idleMinutes * 60 });
  });
}
