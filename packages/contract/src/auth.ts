import { z } from 'zod';
import { LANGS } from './enums.ts';
import { emailField, langField, passwordInput } from './fields.ts';
import { CAPTCHA_LENGTH, PASSWORD_MAX } from './limits.ts';
import { passwordProblem } from './password.ts';

/** The code as a PNG data URL (four digits, SPEC §5), and the id to send back with what the user read. */
export const captchaResponse = z.object({ id: z.string(), image: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** A new password must pass the SPEC §5 policy; the message codes are the spec's texts. */
export const newPasswordField = z
  .string('required')
  .min(1, 'required')
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The data of a user_inactivated or password_expired answer to /login. */
export const changeTokenData = z.object({ changeToken: z.string() });

export const loginBody = z.object({
  email: emailField,
  password: passwordInput,
  lang: langField.optional(),
  captchaId: z.string().trim().optional(),
  captchaCode: z.string().trim().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;
/** The login form's code box: the server checks the value, the form only its presence and length. */
export const captchaCodeField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .length(CAPTCHA_LENGTH, 'verification_code_error');

export const loginData = z.object({
  token: z.string(),
  userName: z.string(),
  userId: z.number(),
  email: z.string(),
  userType: z.number(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  lang: z.enum(LANGS),
  idleMinutes: z.number(),
});
export type LoginData = z.infer<typeof loginData>;

/**
 * POST /user/modify_password: the forced change takes the change token /login answered with (issue 9: no password
 * or captcha again, no guessing oracle); a signed-in user changing their own gives the current password.
 */
export const modifyPasswordBody = z
  .object({
    changeToken: z.string().trim().max(128, 'too_long').optional(),
    password: passwordInput.optional(),
    newPassword: newPasswordField,
  })
  .refine((b) => !!b.changeToken || !!b.password, { path: ['password'], message: 'required' });
export type ModifyPasswordBody = z.infer<typeof modifyPasswordBody>;

export const verifyCodeQuery = z.object({ email: emailField });

export const forgetPasswordBody = z.object({
  email: emailField,
  code: z.string('required').trim().min(1, 'required').max(PASSWORD_MAX, 'too_long'),
  newPassword: newPasswordField,
});
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBody>;

export const extendSessionData = z.object({ idleSeconds: z.number() });
export type ExtendSessionData = z.infer<typeof extendSessionData>;
