import { API_BASE } from '@edoc/contract/limits';
import { errorMessage, isErrorCode, type ErrorCode } from '@edoc/contract/errors';
import type { Envelope } from '@edoc/contract/envelope';
import {
  answersData,
  pathOf,
  searchOf,
  type DataRoute,
  type InputArgs,
  type Method,
  type Route,
  type RouteData,
  type RouteInput,
} from '@edoc/contract/route';
import { clearSession, getLanguage, getToken, leaveProject, setSession } from './session';
import { LSN_HEADER, MIN_LSN_HEADER } from '@edoc/contract/read-replica';
import { lastWrite, noteWrite } from './read-your-writes';
import { resetIdle, stopIdle } from './idle-timer';

/** A failed call: the server's error code and message (already in the UI language), or a local stand-in. */
export class ApiError extends Error {
  readonly errorCode: ErrorCode | string | null;
  readonly msg: string;
  readonly httpStatus: number;
  /** The envelope's data of a refusal, where the server explains more (e.g. the wrong cells of an import). */
  readonly data: unknown;

  constructor(options: { errorCode: ErrorCode | string | null; msg: string; httpStatus: number; data?: unknown }) {
    super(options.msg);
    this.name = 'ApiError';
    this.errorCode = options.errorCode;
    this.msg = options.msg;
    this.httpStatus = options.httpStatus;
    this.data = options.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions {
  method: Method;
  query?: object;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded, like the product's existing login and password calls. */
  form?: object;
  /** Sent as multipart/form-data (uploads). */
  formData?: FormData;
  /** 'blob' returns the raw body (downloads, avatars) instead of unwrapping an envelope. */
  responseType?: 'json' | 'blob';
  /** false for the public calls (login, captcha, notice): no Authorization header is sent. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** What a call may add to a route's inputs. */
export interface CallOptions {
  /** false for the public calls (login, captcha, notice): no Authorization header is sent. */
  auth?: boolean;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The router registers a client-side navigation here; the default is a full page load. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Refusals that end the project, not the sign-in: it ran out while the user was in it, or an inspector's access
 * ended. A closed project is not among them: its members still read it (issue 11), only the change is refused.
 */
const PROJECT_LOST: ReadonlySet<string | null> = new Set(['project_expired', 'inspector_access_ended']);

let onProjectLost: (error: ApiError) => void = () => {
  window.location.assign('/select');
};

/** The router registers the way back to the project picker here; the default is a full page load. */
export function setProjectLostHandler(handler: (error: ApiError) => void): void {
  onProjectLost = handler;
}

function localError(code: ErrorCode, httpStatus: number): ApiError {
  return new ApiError({ errorCode: code, msg: errorMessage(code, getLanguage()), httpStatus });
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'boolean';
}

/** One request to /edoc: the envelope's data, or the body as a Blob. Calls go through `call` and its kin below. */
async function request(path: string, options: RequestOptions): Promise<unknown> {
  const { query, json, form, formData, responseType = 'json', auth = true, signal } = options;
  const headers = new Headers({ 'Accept-Language': getLanguage() });
  const token = auth ? getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const written = lastWrite();
  if (written) headers.set(MIN_LSN_HEADER, written);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  } else if (form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = searchOf(form);
  } else if (formData) {
    body = formData; // the browser sets the multipart boundary itself
  }
  const method = options.method;
  const search = query ? searchOf(query).toString() : '';
  const url = `${API_BASE}${path}${search ? `?${search}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw localError('request_failed', 0);
  }

  noteWrite(response.headers.get(LSN_HEADER));
  // Only a request that carried a token can have lost it; a failed sign-in is an ordinary error.
  if (response.status === 401 && token) {
    clearSession();
    stopIdle();
    onUnauthorized();
  }

  if (responseType === 'blob' && response.ok) {
    resetIdle();
    return await response.blob();
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!isEnvelope(payload)) {
    throw localError(
      response.status >= 500 || response.status === 0 ? 'system_error' : 'request_failed',
      response.status,
    );
  }
  if (!payload.status || !response.ok) {
    const code = payload.errorCode;
    const fallback =
      code && isErrorCode(code) ? errorMessage(code, getLanguage()) : errorMessage('request_failed', getLanguage());
    const error = new ApiError({
      errorCode: code,
      msg: payload.msg || fallback,
      httpStatus: response.status,
      data: payload.data,
    });
    if (token && PROJECT_LOST.has(code)) {
      leaveProject();
      onProjectLost(error);
    }
    // Closed while the user was in it: from now on the layout says so, as it does for one entered closed.
    if (token && code === 'project_closed') setSession({ closed: true });
    throw error;
  }
  resetIdle();
  return payload.data;
}

/** The answer of route R as the web receives it: the envelope's data as JSON brings it, or a file's bytes. */
export type Answer<R extends Route> = R extends DataRoute ? RouteData<R> : Blob;

/** The inputs of route R and the call's options: optional as a whole when R needs none. */
type Inputs<I> = InputArgs<I & CallOptions>;

/**
 * The request of route R with its inputs, its answer typed by the route's response schema. The route table is the
 * one statement of the call's shape, and the server is tested against it (contract-routes.test.ts), so the answer
 * is trusted here as the server's serialiser checked it. A raw answer (a file) comes as a Blob.
 */
function requestOf<R extends Route>(route: R, input: RouteInput<R> & CallOptions, more: Partial<RequestOptions>) {
  const { params, query, body: _body, ...options } = input;
  return request(pathOf(route, params), {
    ...options,
    method: route.method,
    query,
    responseType: answersData(route) ? 'json' : 'blob',
    ...more,
  }) as Promise<Answer<R>>;
}

/**
 * Calls a route of the contract's tables: `call(folderRoutes.tree, { query: { type } })`. A POST or PUT sends its
 * body as JSON, `{}` when it has none, so every change carries the JSON object its route's parser expects.
 */
export function call<R extends Route>(route: R, ...[input]: Inputs<RouteInput<R>>): Promise<Answer<R>> {
  const given = (input ?? {}) as RouteInput<R> & CallOptions;
  const sendsBody = route.method === 'POST' || route.method === 'PUT';
  return requestOf(route, given, { json: sendsBody ? (given.body ?? {}) : undefined });
}

/** Calls a route whose body the product sends form-encoded (sign-in, password, entering a project or company). */
export function callForm<R extends Route>(route: R, ...[input]: Inputs<RouteInput<R>>): Promise<Answer<R>> {
  const given = (input ?? {}) as RouteInput<R> & CallOptions;
  return requestOf(route, given, { form: given.body ?? {} });
}

/** Sends a multipart route's form (its text fields, then `file`); XHR with progress is lib/upload.ts's uploadForm. */
export function callUpload<R extends Route>(
  route: R,
  formData: FormData,
  ...[input]: Inputs<Omit<RouteInput<R>, 'body'>>
): Promise<Answer<R>> {
  return requestOf(route, (input ?? {}) as RouteInput<R> & CallOptions, { formData });
}
