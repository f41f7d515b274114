import type { LoginData } from '@edoc/contract/auth';
import type { Envelope } from '@edoc/contract/envelope';
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

/** One call; the envelope as answered, a refusal included (a sign-in answers one with a change token). */
export async function request<T>(
  server: Server,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const form = body instanceof FormData;
  const res = await fetch(`${server.baseUrl}/edoc${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** One call that must succeed: its data; a refusal throws with the server's message. */
export async function call<T = unknown>(
  server: Server,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await request<T>(server, token, method, path, body);
  if (!answer.status) throw new Error(`${method} ${path}: ${answer.errorCode ?? ''} ${answer.msg}`);
  return answer.data as T;
}

/** POST /login with the captcha answered, as the login page does; the answer as it comes (maybe a forced change). */
export async function login(server: Server, email: string, password: string) {
  const captcha = await call<{ id: string }>(server, null, 'GET', '/captcha');
  const captchaCode = await captchaAnswer(server.databaseUrl, captcha.id);
  return request<LoginData | { changeToken: string }>(server, null, 'POST', '/login', {
    email,
    password,
    captchaId: captcha.id,
    captchaCode,
  });
}

/**
 * The first sign-in with a temporary password (a new account's, or the seeded administrator's at first start): the
 * forced change to `chosen`, with the change token the refused sign-in answered.
 */
export async function changeFirstPassword(server: Server, email: string, temporary: string, chosen: string) {
  const answer = await login(server, email, temporary);
  if (answer.errorCode !== 'user_inactivated' || !answer.data || !('changeToken' in answer.data)) {
    throw new Error(`first sign-in of ${email}: ${answer.errorCode ?? 'no forced change'} ${answer.msg}`);
  }
  await call(server, null, 'POST', '/user/modify_password', {
    changeToken: answer.data.changeToken,
    newPassword: chosen,
  });
}

/** Signs in: the session's token. */
export async function signIn(server: Server, email: string, password: string): Promise<string> {
  const answer = await login(server, email, password);
  if (!answer.status || !answer.data || !('token' in answer.data)) {
    throw new Error(`sign-in of ${email} refused: ${answer.errorCode ?? ''} ${answer.msg}`);
  }
  return answer.data.token;
}
