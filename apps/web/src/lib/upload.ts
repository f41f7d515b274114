import { API_BASE } from '@edoc/contract/limits';
import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import type { Envelope } from '@edoc/contract/envelope';
import { pathOf, type Route } from '@edoc/contract/route';
import { ApiError, type Answer } from './api-client';
import { resetIdle, stopIdle } from './idle-timer';
import { clearSession, getLanguage, getToken } from './session';

export interface UploadOptions {
  /** Called with the fraction sent so far, 0 to 1 (fetch cannot report upload progress, XHR can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function localError(code: 'request_failed' | 'system_error', httpStatus: number): ApiError {
  return new ApiError({ errorCode: code, msg: errorMessage(code, getLanguage()), httpStatus });
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'boolean';
}

/**
 * Sends a multipart form like api-client does (bearer token, language header, the envelope unwrapped, its msg
 * thrown as an ApiError) but over XMLHttpRequest, whose upload events tell how much of the file has gone.
 * The caller appends the text fields before the file: the server judges the fields before it stores a byte.
 */
export function uploadForm<R extends Route>(
  route: R,
  formData: FormData,
  options: UploadOptions = {},
): Promise<Answer<R>> {
  const { onProgress, signal } = options;
  return new Promise<Answer<R>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, `${API_BASE}${pathOf(route)}`);
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(localError('request_failed', 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      // As in api-client: a request that carried a token lost it; clearing the session sends the guard to /login.
      if (xhr.status === 401 && token) {
        clearSession();
        stopIdle();
      }
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (!isEnvelope(payload)) {
        reject(localError(xhr.status >= 500 || xhr.status === 0 ? 'system_error' : 'request_failed', xhr.status));
        return;
      }
      if (!payload.status || xhr.status < 200 || xhr.status >= 300) {
        const code = payload.errorCode;
        const fallback =
          code && isErrorCode(code) ? errorMessage(code, getLanguage()) : errorMessage('request_failed', getLanguage());
        reject(new ApiError({ errorCode: code, msg: payload.msg || fallback, httpStatus: xhr.status }));
        return;
      }
      onProgress?.(1);
      resetIdle();
      // Typed by the route's response schema, which the server's serialiser checked (as api-client's call).
      resolve(payload.data as Answer<R>);
    };
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(formData);
  });
}
