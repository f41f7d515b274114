import type { FormInstance, FormRule } from 'antd';
import { errorMessage, type ErrorCode } from '@edoc/contract/errors';
import type { Lang } from '@edoc/contract/enums';
import { FIELD_LABELS, fieldLabel, issueMessage, messageCodeFor } from '@edoc/contract/fields';
import { currentLang, i18n } from './i18n';

type Issue = Parameters<typeof issueMessage>[0];

/** The part of a zod schema a form rule needs; the contract's schemas satisfy it. */
export interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/**
 * The label a message names: an explicit i18n key, else the contract's label (what the server says),
 * else the web's `fields.<name>` text for fields the contract does not label yet.
 */
function labelOf(field: string, lang: Lang, labelKey?: string): string {
  if (labelKey) return i18n.t(labelKey, { lng: lang });
  if (Object.prototype.hasOwnProperty.call(FIELD_LABELS, field)) return fieldLabel(field, lang);
  const key = `fields.${field}`;
  return i18n.exists(key, { lng: lang }) ? i18n.t(key, { lng: lang }) : field;
}

// A path no label table knows, so the contract leaves it in the message for labelOf's text to replace.
const PLACEHOLDER = '\u0001field\u0001';

/**
 * A form rule that runs the contract's own field schema and words the first problem exactly as the
 * server would. The language is read when the rule runs, so a language switch re-words the messages.
 * labelKey names the field where the contract's label would mislead (a project "code" is no verification code).
 */
export function schemaRule(field: string, schema: Checkable, labelKey?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      const first = result.error.issues[0];
      const lang = currentLang();
      const { message } = issueMessage({ ...first, path: [PLACEHOLDER] }, lang);
      throw new Error(message.split(PLACEHOLDER).join(labelOf(field, lang, labelKey)));
    },
  };
}

/** Something must be chosen or typed: "<label> is required", worded when the rule runs (a language switch re-words it). */
export const requiredRule = (label: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '')
      throw new Error(errorMessage('required', currentLang(), { field: label }));
  },
});

/** The message of an error code with the field's label filled in, in the current language. */
export function fieldMessage(code: ErrorCode, field: string, params: Record<string, string | number> = {}): string {
  const lang = currentLang();
  return errorMessage(messageCodeFor(code, field), lang, { field: labelOf(field, lang), ...params });
}

/** Confirmation must be present and equal to the field it confirms (SPEC §5 'Two entered passwords do not match!'). */
export function confirmRule(field: string, ofField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') throw new Error(fieldMessage('required', field));
      if (value !== getFieldValue(ofField)) throw new Error(fieldMessage('passwords_mismatch', field));
    },
  });
}

/** Trims text inputs as they are typed (SPEC §5: inputs are trimmed). */
export function trimInput(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/** Keeps only digits as they are typed: the verification and reset codes are numbers (issue 12, defect 7). */
export function digitsInput(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\D/g, '') : value;
}

/** A text field's current value, typed (antd's getter returns any). */
export function textValue<T>(form: FormInstance<T>, name: keyof T & string): string | undefined {
  const values: Partial<Record<string, unknown>> = form.getFieldsValue(true);
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
