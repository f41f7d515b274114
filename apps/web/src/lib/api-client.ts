import { API_BASE } from '@edoc/contract/limits';
import { errorMessage, isErrorCode, type ErrorCode } from '@edoc/contract/errors';
import type { Envelope } from '@edoc/contract/envelope';
import { clearSession, getLanguage, getToken, leaveProject, setSession } from './session';
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

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded, like the product's existing login and password calls. */
  form?: Record<string, QueryValue>;
  /** Sent as multipart/form-data (uploads). */
  formData?: FormData;
  /** 'blob' returns the raw body (downloads, avatars) instead of unwrapping an envelope. */
  responseType?: 'json' | 'blob';
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

function toSearch(values: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params;
}

function localError(code: ErrorCode, httpStatus: number): ApiError {
  return new ApiError({ errorCode: code, msg: errorMessage(code, getLanguage()), httpStatus });
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'boolean';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { query, json, form, formData, responseType = 'json', auth = true, signal } = options;
  const headers = new Headers({ 'Accept-Language': getLanguage() });
  const token = auth ? getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  } else if (form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = toSearch(form);
  } else if (formData) {
    body = formData; // the browser sets the multipart boundary itself
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const search = query ? toSearch(query).toString() : '';
  const url = `${API_BASE}${path}${search ? `?${search}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw localError('request_failed', 0);
  }

  // Only a request that carried a token can have lost it; a failed sign-in is an ordinary error.
  if (response.status === 401 && token) {
    clearSession();
    stopIdle();
    onUnauthorized();
  }

  if (responseType === 'blob' && response.ok) {
    resetIdle();
    return (await response.blob()) as T;
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
  return payload.data as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET', query }),
  postJson: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', json: json ?? {} }),
  postForm: <T>(path: string, form: Record<string, QueryValue>, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', form }),
  upload: <T>(path: string, formData: FormData, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', formData }),
  blob: (path: string, query?: RequestOptions['query'], options?: RequestOptions) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', query, responseType: 'blob' }),
};
