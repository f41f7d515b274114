import type { FormInstance } from 'antd';
import { isApiError } from './api-client';
import { showError } from './feedback';

/**
 * Puts a server refusal under the field it concerns (company_name_exists under the company name), so the
 * user sees where to correct; any other error is shown the usual way. Use with meta.silentError.
 */
export function showServerError<T>(
  form: FormInstance<T>,
  error: unknown,
  fieldsByCode: Partial<Record<string, keyof T & string>>,
): void {
  const field = isApiError(error) && error.errorCode ? fieldsByCode[error.errorCode] : undefined;
  if (field && isApiError(error)) {
    form.setFields([{ name: field as never, errors: [error.msg] }]);
    return;
  }
  showError(error);
}

/** One field's problem as the server words it (a validation refusal's data: `{ fields: [{ field, message }] }`). */
export interface ServerFieldIssue {
  field: string;
  message: string;
}

/** The field problems a validation refusal carries; none for any other error. */
export function serverFieldIssues(error: unknown): ServerFieldIssue[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const fields = (error.data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is ServerFieldIssue =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as ServerFieldIssue).field === 'string' &&
      typeof (f as ServerFieldIssue).message === 'string',
  );
}
