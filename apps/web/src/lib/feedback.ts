import type { App } from 'antd';
import { isApiError } from './api-client';
import { getLanguage } from './session';
import { errorMessage } from '@edoc/contract/errors';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

// Code outside React (query cache callbacks, the API client) needs antd's context-aware message API;
// a component inside <App> hands it over here.
let messageApi: MessageInstance | null = null;

// The signed-out frames fetch antd's message runtime once the browser is idle (app/signed-out-app.tsx): a message asked
// for before it is there waits for it instead of being lost. Elsewhere nothing waits (a test without the providers).
let waiting: Array<(api: MessageInstance) => void> | null = null;

export function awaitMessageApi(): void {
  waiting ??= [];
}

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
  if (!api || !waiting) return;
  const shows = waiting;
  waiting = null;
  for (const show of shows) show(api);
}

function withMessageApi(show: (api: MessageInstance) => void): void {
  if (messageApi) show(messageApi);
  else waiting?.push(show);
}

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.msg;
  return errorMessage('request_failed', getLanguage());
}

/**
 * A message from code that may have no antd App above it: the signed-out frames draw their messages with
 * message.useMessage (issue 30), the signed-in app with App.useApp; either hands its API over here.
 */
export function notify(type: 'success' | 'warning' | 'error' | 'info', content: string): void {
  withMessageApi((api) => void api[type](content));
}

export function showError(error: unknown): void {
  // Keyed by the code: the same refusal from several calls at once shows once.
  const key = isApiError(error) && error.errorCode ? error.errorCode : undefined;
  withMessageApi((api) => void api.error({ content: errorText(error), key }));
}
