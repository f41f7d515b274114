import { z } from 'zod';
import { pageOf } from './envelope.ts';
import { emailField, ID_MAX, idField, optionalText, requiredText } from './fields.ts';
import { pageQuery, searchField as searchValue } from './paging.ts';

export const companyItem = z.object({
  companyId: z.number(),
  companyName: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  projectCount: z.number(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type CompanyItem = z.infer<typeof companyItem>;
/** GET /company/list. */
export const companyList = pageOf(companyItem);
export type CompanyList = z.infer<typeof companyList>;

export const companyBody = z.object({
  companyName: requiredText(128),
  description: optionalText(1000),
});
export type CompanyBody = z.infer<typeof companyBody>;

/** POST /company/create answer. */
export const companyIdData = z.object({ companyId: z.number() });
export type CompanyIdData = z.infer<typeof companyIdData>;

/** Which company a system administrator acts on; a company administrator may omit it (their own is used). */
const companyIdOption = z.coerce
  .number('invalid_value')
  .int('invalid_value')
  .positive('invalid_value')
  .max(ID_MAX, 'invalid_value')
  .optional();

/** GET /company/list (system administrator). */
export const companyListQuery = pageQuery.extend({ searchValue });
export type CompanyListQuery = z.infer<typeof companyListQuery>;

/** POST /company/set/company/manager/a: a company administrator (user type 2) — e-mailed, forced to set a password. */
export const companyManagerBody = z.object({
  companyId: idField,
  email: emailField,
  userName: requiredText(64),
});
export type CompanyManagerBody = z.infer<typeof companyManagerBody>;

export const companyUserItem = z.object({
  userId: z.number(),
  email: z.string(),
  userName: z.string(),
  userType: z.number(),
  companyId: z.number(),
  isCompanyManager: z.boolean(),
  enabled: z.boolean(),
  origin: z.number(),
  approvalStatus: z.number(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyUserItem = z.infer<typeof companyUserItem>;
/** A row of the user administration's list: the user, and whether they sign in with a confirmed second factor. */
export const companyUserRow = companyUserItem.extend({ totpEnabled: z.boolean() });
export type CompanyUserRow = z.infer<typeof companyUserRow>;
/** GET /company/users. */
export const companyUserPage = pageOf(companyUserRow);
export type CompanyUserPage = z.infer<typeof companyUserPage>;
/** GET /company/:id/managers, /company/users/not/study: a plain array. */
export const companyUserList = z.array(companyUserItem);

/** A created account: its id only — the password goes to the user's mailbox, never to the administrator. */
export const userIdData = z.object({ userId: z.number() });
export type UserIdData = z.infer<typeof userIdData>;

/** Shared fields of the company-user form: POST /company/user creates (no userId), POST /company/user/a edits. */
export const companyUserBody = z.object({
  userId: idField.optional(),
  companyId: companyIdOption,
  email: emailField,
  userName: requiredText(64),
  mobile: optionalText(32),
  enabled: z.boolean('invalid_value').optional(),
});
export type CompanyUserBody = z.infer<typeof companyUserBody>;

/** POST /company/user: a new project user (type 3) of the company. */
export const companyUserCreateBody = companyUserBody.omit({ userId: true });
export type CompanyUserCreateBody = z.infer<typeof companyUserCreateBody>;

/**
 * POST /company/user/a: name, mobile and enabled of an existing user. The e-mail is the sign-in identity and
 * is not editable here (a sent one is ignored); an omitted field stays as it is, an empty mobile clears it.
 */
export const companyUserEditBody = z.object({
  userId: idField,
  userName: requiredText(64),
  mobile: optionalText(32),
  enabled: z.boolean('invalid_value').optional(),
});
export type CompanyUserEditBody = z.infer<typeof companyUserEditBody>;

/** GET /company/users, /company/users/export: companyId is for the system administrator only. */
export const companyUsersQuery = pageQuery.extend({ searchValue, companyId: companyIdOption });
export type CompanyUsersQuery = z.infer<typeof companyUsersQuery>;

/**
 * ?companyId= on the calls that name no company in their body or path: which company a system administrator
 * acts on. A company administrator may send their own or none; another company's is refused.
 */
export const companyScopeQuery = z.object({ companyId: companyIdOption });

/** GET /company/users/not/study: the company's enabled project users who are not yet members of the project (a plain array). */
export const usersNotInProjectQuery = companyScopeQuery.extend({
  studyId: z.coerce.number('required').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value'),
  searchValue,
});
export type UsersNotInProjectQuery = z.infer<typeof usersNotInProjectQuery>;
