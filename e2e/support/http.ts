import { changeTokenData, loginData } from '@edoc/contract/auth';
import { authRoutes } from '@edoc/contract/auth-routes';
import { anyEnvelope, type AnyEnvelope } from '@edoc/contract/envelope';
import { API_BASE } from '@edoc/contract/limits';
import {
  pathOf,
  searchOf,
  type DataRoute,
  type InputArgs,
  type Route,
  type RouteData,
  type RouteInput,
} from '@edoc/contract/route';
import { captchaAnswer } from './captcha.ts';

/**
 * edoc's HTTP API as a test client calls it (fetch, JSON, bearer tokens), for one server. Free of vitest so that the
 * global set-up can use it too; the journeys use the shorthands of api.ts, bound to the journeys' server.
 */
export interface Server {
  baseUrl: string;
  /** Read for the captcha's answer only. */
  databaseUrl: string;
}

/** What a call may send besides a route's inputs: a multipart form (an upload) instead of the JSON body. */
export interface CallExtras {
  form?: FormData;
}

/**
 * One request, the envelope as answered, a refusal included (a sign-in answers one with a change token). The calls
 * that must succeed go through `call`; this is for a test that reads the refusal itself.
 */
export async function request(
  server: Server,
  token: string | null,
  route: Route,
  input: { params?: object; query?: object; body?: unknown } & CallExtras = {},
): Promise<AnyEnvelope> {
  const { form, body } = input;
  const search = input.query ? searchOf(input.query).toString() : '';
  const sendsBody = !form && (route.method === 'POST' || route.method === 'PUT');
  const res = await fetch(`${server.baseUrl}${API_BASE}${pathOf(route, input.params)}${search ? `?${search}` : ''}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    body: form ?? (sendsBody ? JSON.stringify(body ?? {}) : undefined),
  });
  const answer = anyEnvelope.safeParse(await res.json());
  if (!answer.success) throw new Error(`${route.method} ${route.path}: not the envelope (${res.status})`);
  return answer.data;
}

/**
 * One call of a route of the contract's tables that must succeed: its data, parsed by the route's response schema
 * (an answer of another shape throws); a refusal throws with the server's message.
 */
export async function call<R extends DataRoute>(
  server: Server,
  token: string | null,
  route: R,
  ...[input]: InputArgs<RouteInput<R> & CallExtras>
): Promise<RouteData<R>> {
  const answer = await request(server, token, route, input);
  const what = `${route.method} ${route.path}`;
  if (!answer.status) throw new Error(`${what}: ${answer.errorCode ?? ''} ${answer.msg}`);
  const data = route.response.safeParse(answer.data);
  if (!data.success) throw new Error(`${what}: data of another shape: ${data.error.message}`);
  return data.data as RouteData<R>;
}

/** POST /login with the captcha answered, as the login page does; the answer as it comes (maybe a forced change). */
export async function login(server: Server, email: string, password: string) {
  const captcha = await call(server, null, authRoutes.captcha);
  const captchaCode = await captchaAnswer(server.databaseUrl, captcha.id);
  return request(server, null, authRoutes.login, {
    body: { email, password, captchaId: captcha.id, captchaCode },
  });
}

/**
 * The first sign-in with a temporary password (a new account's, or the seeded administrator's at first start): the
 * forced change to `chosen`, with the change token the refused sign-in answered.
 */
export async function changeFirstPassword(server: Server, email: string, temporary: string, chosen: string) {
  const answer = await login(server, email, temporary);
  const change = changeTokenData.safeParse(answer.data);
  if (answer.errorCode !== 'user_inactivated' || !change.success) {
    throw new Error(`first sign-in of ${email}: ${answer.errorCode ?? 'no forced change'} ${answer.msg}`);
  }
  await call(server, null, authRoutes.modifyPassword, {
    body: { changeToken: change.data.changeToken, newPassword: chosen },
  });
}

/** Signs in: the session's token. */
export async function signIn(server: Server, email: string, password: string): Promise<string> {
  const answer = await login(server, email, password);
  const session = loginData.safeParse(answer.data);
  if (!answer.status || !session.success) {
    throw new Error(`sign-in of ${email} refused: ${answer.errorCode ?? ''} ${answer.msg}`);
  }
  return session.data.token;
}
