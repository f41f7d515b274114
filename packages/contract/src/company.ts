import { z } from 'zod';
import { emailField, optionalText, requiredText } from './fields.ts';

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

export const companyBody = z.object({
  companyName: requiredText(128),
  description: optionalText(1000),
});
export type CompanyBody = z.infer<typeof companyBody>;

export const companyListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  searchValue: z.string().trim().max(128, 'too_long').optional(),
});

/** POST /company/set/company/manager/a: a company administrator (user type 2) — e-mailed, forced to set a password. */
export const companyManagerBody = z.object({
  companyId: z.number('required').int().positive(),
  email: emailField,
  userName: requiredText(64),
});
export type CompanyManagerBody = z.infer<typeof companyManagerBody>;

export const companyUserItem = z.object({
  userId: z.number(),
  email: z.string(),
  userName: z.string(),
  userType: z.number(),
  isCompanyManager: z.boolean(),
  enabled: z.boolean(),
  origin: z.number(),
  approvalStatus: z.number(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyUserItem = z.infer<typeof companyUserItem>;

/** POST /company/user: create a company user (project user, type 3). POST /company/user/a: edit one (userId set). */
export const companyUserBody = z.object({
  userId: z.number().int().positive().optional(),
  email: emailField,
  userName: requiredText(64),
  mobile: optionalText(32),
  enabled: z.boolean().optional(),
});
export type CompanyUserBody = z.infer<typeof companyUserBody>;
