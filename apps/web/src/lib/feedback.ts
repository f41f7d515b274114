import type { App } from 'antd';
import { isApiError } from './api-client';
import { getLanguage } from './session';
import { errorMessage } from '@edoc/contract/errors';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

// Code outside React (query cache callbacks, the API client) needs antd's context-aware message API;
// a component inside <App> hands it over here.
let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.msg;
  return errorMessage('request_failed', getLanguage());
}

export function showError(error: unknown): void {
  // Keyed by the code: the same refusal from several calls at once shows once.
  const key = isApiError(error) && error.errorCode ? error.errorCode : undefined;
  messageApi?.error({ content: errorText(error), key });
}
