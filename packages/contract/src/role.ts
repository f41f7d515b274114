import { z } from 'zod';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS, RoleCode } from './enums.ts';
import { optionalText, requiredText } from './fields.ts';

/** A custom role's code: letters, digits and underscores, as the built-in STU_PM / STU_STAFF. */
export const roleCodeField = requiredText(64).regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'invalid_value');

/**
 * The built-in codes (STU_PM, STU_STAFF and the company administrator's COMPANY_ADMIN) name built-in roles only: a
 * custom role may not take one, in any case, so no custom role can pass for the project administrator.
 */
export const isReservedRoleCode = (code: string) =>
  (Object.values(RoleCode) as string[]).includes(code.trim().toUpperCase());

// Checked on the whole array, so a wrong key is reported against docKeys / libraryKeys rather than an index.
const keyList = <K extends string>(allowed: readonly K[]) =>
  z
    .array(z.string(), 'invalid_value')
    .max(allowed.length * 2, 'invalid_value')
    .refine((keys): keys is K[] => keys.every((k) => (allowed as readonly string[]).includes(k)), 'invalid_value');
const docKeys = keyList(DOC_PERMISSION_KEYS);
const libraryKeys = keyList(LIBRARY_PERMISSION_KEYS);

/**
 * Create and update of a role (Authorization Configuration). A built-in role keeps its code (the code sent
 * is ignored for it); STU_PM keeps every key.
 */
export const roleBody = z.object({
  code: roleCodeField,
  name: requiredText(64),
  description: optionalText(500),
  docKeys: docKeys.default([]),
  libraryKeys: libraryKeys.default([]),
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleItem = z.object({
  roleId: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtin: z.boolean(),
  docKeys: z.array(z.string()),
  libraryKeys: z.array(z.string()),
  /** Members holding the role; a role in use cannot be deleted. */
  memberCount: z.number(),
});
export type RoleItem = z.infer<typeof roleItem>;
export const roleList = z.array(roleItem);
export const roleCreated = z.object({ roleId: z.number() });
export type RoleCreated = z.infer<typeof roleCreated>;

/**
 * Whether a role is the project administrator's, the built-in STU_PM: its code alone tells, as a custom role may not
 * take a built-in code (isReservedRoleCode). For showing and locking a role in the role and member pages; the
 * caller's own rights come from the project entry answer (ProjectRights), never from their role's code.
 */
export const isAdministratorRole = (code: string) => code === RoleCode.ProjectAdmin;

/** The built-in roles' names in each language (their rows are named in English when a project is made). */
export const BUILTIN_ROLE_NAMES: Record<string, readonly [zh: string, en: string]> = {
  [RoleCode.ProjectAdmin]: ['项目管理员', 'Project administrator'],
  [RoleCode.ProjectStaff]: ['普通用户', 'Ordinary user'],
  [RoleCode.CompanyAdmin]: ['公司管理员', 'Company administrator'],
  [RoleCode.Inspector]: ['检查员', 'Inspector'],
};

/**
 * A role's name in the reader's language: a built-in role (its code is reserved to it) is named in the UI's
 * language; a custom role as its administrator named it (issue 12, defect 4: English names in the Chinese UI).
 */
export function roleNameIn(lang: string, code: string, name: string): string {
  const names = BUILTIN_ROLE_NAMES[code];
  return names ? names[lang === 'en-US' ? 1 : 0] : name;
}
