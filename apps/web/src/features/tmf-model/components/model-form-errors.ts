import type { FormInstance } from 'antd';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import type { ModelNameValues } from './model-name-dialog';

const FIELDS: ReadonlyArray<keyof ModelNameValues> = ['name', 'source'];

/**
 * A refused new model: the server's messages (already in the user's language) under the name or source they concern,
 * a repeated name under the name; anything else shown the usual way.
 */
export function showModelFormError(form: FormInstance<ModelNameValues>, error: unknown): void {
  const issues = serverFieldIssues(error).filter((issue) => FIELDS.some((field) => field === issue.field));
  if (issues.length) {
    form.setFields(issues.map((issue) => ({ name: issue.field as keyof ModelNameValues, errors: [issue.message] })));
    return;
  }
  showServerError(form, error, { tmf_model_name_exists: 'name' });
}
