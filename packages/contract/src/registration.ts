import { z } from 'zod';
import { newPasswordField } from './auth.ts';
import { companyUserItem } from './company.ts';
import { ApprovalStatus } from './enums.ts';
import { pageOf } from './envelope.ts';
import { emailField, requiredText, ID_MAX } from './fields.ts';
import { pageQuery } from './paging.ts';

/**
 * POST /register (public): an external user (origin 1) asks to join an existing company. The account waits for
 * the company administrator's approval; the code fields are checked only when the server's captcha is on.
 */
export const registerBody = z.object({
  userName: requiredText(64),
  email: emailField,
  companyName: requiredText(128),
  password: newPasswordField,
  captchaId: z.string().trim().optional(),
  captchaCode: z.string().trim().optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The same answer whether the address was free or not (issue 9: registration tells nobody who has an account). */
export const registerData = z.object({ approvalStatus: z.number() });
export type RegisterData = z.infer<typeof registerData>;

const statusValues = [ApprovalStatus.Pending, ApprovalStatus.Passed, ApprovalStatus.Rejected] as const;

/** GET /company/approve/list: registrations of the company by approval status (0 pending, 1 passed, 2 rejected). */
export const approveListQuery = pageQuery.extend({
  status: z.coerce
    .number('invalid_value')
    .refine((v) => (statusValues as readonly number[]).includes(v), 'invalid_value')
    .default(ApprovalStatus.Pending),
  companyId: z.coerce
    .number('invalid_value')
    .int('invalid_value')
    .positive('invalid_value')
    .max(ID_MAX, 'invalid_value')
    .optional(),
});
export type ApproveListQuery = z.infer<typeof approveListQuery>;

/** A registration as the approval list shows it: the account (as in the user list) plus the decision. */
export const registrationItem = companyUserItem.extend({
  companyName: z.string(),
  approvalReason: z.string().nullable(),
  /** When the decision was taken (the account's last change); null while pending. */
  decidedAt: z.string().nullable(),
});
export type RegistrationItem = z.infer<typeof registrationItem>;
export const registrationList = pageOf(registrationItem);
export type RegistrationList = z.infer<typeof registrationList>;

/** POST /company/approve/:userId/a: a reason is required to reject, so the applicant learns why. */
export const approveBody = z
  .object({
    pass: z.boolean('required'),
    reason: z.string().trim().max(500, 'too_long').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.pass === false && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type ApproveBody = z.infer<typeof approveBody>;
