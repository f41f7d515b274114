import { z } from 'zod';
import { pageOf } from './envelope.ts';
import { ID_MAX, idField, optionalText, requiredText } from './fields.ts';
import { pageQuery, searchField } from './paging.ts';

/**
 * Where a code or code type lives: `company` is the company's dictionary (/company/template/encode|codeType,
 * company administrator; calls under /code/…); `project` the project entered in the session (/manage/encode|codeType;
 * calls under /manage/code/…), whose lists show the company's entries read-only beside the project's own.
 */
export type CodeScope = 'company' | 'project';

/** The API prefix of each scope. */
export const CODE_API_PREFIX: Record<CodeScope, string> = { company: '/code', project: '/manage/code' };

const companyIdOption = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value')
  .optional();

/** A system administrator acting on a company names it; everyone else acts on their own company or project. */
export const codeScopeQuery = z.object({ companyId: companyIdOption });
export type CodeScopeQuery = z.infer<typeof codeScopeQuery>;

const codeText = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[\w.\-/]+$/u, 'invalid_value');

export const codeTypeBody = z.object({
  code: codeText,
  name: requiredText(128),
  nameEn: optionalText(128),
  description: optionalText(1000),
  enabled: z.boolean().default(true),
});
export type CodeTypeBody = z.infer<typeof codeTypeBody>;

export const codeTypeItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** A company entry seen from a project: shown, not changed there. */
  readOnly: z.boolean(),
  codeCount: z.number(),
  updatedAt: z.string(),
});
export type CodeTypeItem = z.infer<typeof codeTypeItem>;
export const codeTypeList = pageOf(codeTypeItem);
export type CodeTypeList = z.infer<typeof codeTypeList>;

export const codeBody = z.object({
  typeId: idField,
  code: codeText,
  name: requiredText(128),
  nameEn: optionalText(128),
  description: optionalText(1000),
  sortOrder: z.number().int('invalid_value').min(0, 'invalid_value').max(99999, 'invalid_value').default(0),
  enabled: z.boolean().default(true),
});
export type CodeBody = z.infer<typeof codeBody>;

export const codeItem = z.object({
  id: z.number(),
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  sortOrder: z.number(),
  enabled: z.boolean(),
  readOnly: z.boolean(),
  updatedAt: z.string(),
});
export type CodeItem = z.infer<typeof codeItem>;
export const codeList = pageOf(codeItem);
export type CodeList = z.infer<typeof codeList>;

/** The create calls of codes and code types answer the new entry's id. */
export const codeIdData = z.object({ id: z.number() });
export type CodeIdData = z.infer<typeof codeIdData>;

export const codeTypeListQuery = codeScopeQuery.extend({ ...pageQuery.shape, searchValue: searchField });
export type CodeTypeListQuery = z.infer<typeof codeTypeListQuery>;

export const codeListQuery = codeTypeListQuery.extend({
  typeId: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .positive('invalid_value')
    .max(ID_MAX, 'invalid_value')
    .optional(),
});
export type CodeListQuery = z.infer<typeof codeListQuery>;
