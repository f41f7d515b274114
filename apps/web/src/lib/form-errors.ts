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
