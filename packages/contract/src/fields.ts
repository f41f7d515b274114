import { z } from 'zod';
import { LANGS, langOf, type Lang } from './enums.ts';
import { ERRORS, errorMessage, isErrorCode } from './errors.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from './limits.ts';

// The table is its own file (field-labels.ts); importers of fields.ts keep finding it here.
export { FIELD_LABELS };

export function fieldLabel(field: string, lang: Lang): string {
  const label = FIELD_LABELS[field];
  return label ? label[lang === 'en-US' ? 1 : 0] : field;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  keys?: string[];
}

/**
 * A field the user picks (ids from a select or tree, dates, kinds, the language, a file) rather than types: its "required"
 * reads 请选择 in Chinese, not 请输入 (issue 12, defect 7).
 */
export function isChoiceField(field: string): boolean {
  return (
    /(Ids?|Date|Time|On)$/.test(field) ||
    ['type', 'lang', 'sex', 'stage', 'stages', 'status', 'file', 'files'].includes(field)
  );
}

/** The message code of a refusal on a field: "required" becomes "required_choice" on a picked field. */
export const messageCodeFor = (code: keyof typeof ERRORS, field: string): keyof typeof ERRORS =>
  code === 'required' && isChoiceField(field) ? 'required_choice' : code;

/** Turns one zod issue into a message naming the field in the user's language. */
export function issueMessage(issue: IssueLike, lang: Lang): { field: string; message: string } {
  const field = String(
    [...issue.path].reverse().find((p) => typeof p === 'string') ?? issue.keys?.[0] ?? 'requestBody',
  );
  const params = { field: fieldLabel(field, lang), max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') };
  let code: keyof typeof ERRORS;
  if (isErrorCode(issue.message)) code = issue.message;
  else if (issue.code === 'invalid_type' && issue.message.includes('undefined')) code = 'required';
  else if (issue.code === 'too_small') code = issue.minimum === 1 ? 'required' : 'too_short';
  else if (issue.code === 'too_big') code = 'too_long';
  else if (issue.code === 'invalid_format' && issue.format === 'email') code = 'invalid_email';
  else if (issue.code === 'unrecognized_keys') code = 'unknown_field';
  else code = 'invalid_value';
  return { field, message: errorMessage(messageCodeFor(code, field), lang, params) };
}

/** Text that can be stored and read back: no NUL character, no lone UTF-16 surrogate. */
export function isCleanText(s: string): boolean {
  return !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

// Building blocks for request schemas. Messages are error codes; issueMessage translates them.
export const requiredText = (max = NAME_MAX) =>
  z.string().trim().min(1, 'required').max(max, 'too_long').refine(isCleanText, 'invalid_value');
export const optionalText = (max = NAME_MAX) =>
  z.string().trim().max(max, 'too_long').refine(isCleanText, 'invalid_value').optional();
export const emailField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX, 'too_long')
  .pipe(z.email('invalid_email'));
export const passwordInput = z.string('required').min(1, 'required').max(PASSWORD_MAX, 'too_long');
/** The largest id a serial column holds (PostgreSQL integer); a larger one names nothing and is bad input. */
export const ID_MAX = 2_147_483_647;
export const idParam = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value');
/** Path parameters of a call on one object: `/…/:id`. */
export const idParams = z.object({ id: idParam });
/** An optional id in a query, an empty value (a cleared filter) read as none. */
export const optionalIdParam = z.preprocess((v) => (v === '' ? undefined : v), idParam.optional());
/** Path parameters of a call on one user: `/…/:userId`. */
export const userIdParams = z.object({ userId: idParam });

/** The one id rule of a JSON body: a positive whole number within PostgreSQL's integer (issue 9). */
export const idField = z.number('required').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value');

/**
 * A day that exists on the calendar, yyyy-mm-dd (no 2023-02-29, no month 13), years 1900–9999: the one date rule
 * of every request (issue 9), so the database never meets a date it refuses.
 */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}
// z.iso.date keeps `format: date` in the OpenAPI document, which the suite's bad-input test reads.
export const calendarDate = z.iso.date('invalid_value').refine(isCalendarDate, 'invalid_value');
/** A date a form may leave empty: '' reads as "no date". */
export const optionalCalendarDate = calendarDate.optional().or(z.literal('').transform(() => undefined));
/** An ISO date-time with its offset, on a day that exists (the same calendar rule). */
export const calendarDateTime = z.iso
  .datetime({ offset: true, error: 'invalid_value' })
  .refine((s) => isCalendarDate(s.slice(0, 10)), 'invalid_value');

/**
 * What the caller may do with a record (DESIGN §5 `abilities`): the names, from the resource's own list, of the
 * actions or keys it holds — a document's keys, a library row's keys, a document's workflow actions, a board topic's.
 */
export const abilityList = <const T extends readonly [string, ...string[]]>(names: T) => z.array(z.enum(names));

/** The text fields of a multipart request that carries only its file part (an avatar, an import). */
export const fileOnly = z.object({});

/** A language field: any form langOf reads becomes zh-CN / en-US; anything else is refused as invalid. */
export const langField = z.preprocess((v) => langOf(v) ?? v, z.enum(LANGS, 'invalid_value'));
