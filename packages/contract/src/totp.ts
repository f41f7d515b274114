import { z } from 'zod';
import { loginData } from './auth.ts';
import { companyScopeQuery } from './company.ts';
import { passwordInput } from './fields.ts';
import { roleCodeField } from './role.ts';

/* Two-factor sign-in with TOTP (issue 29 part 3, docs/identity.md): enrolment, recovery codes, the sign-in step
 * after the password, and the company's sign-in policy. */

/** Six digits from the authenticator app; anything else is refused by the server as a wrong code, not bad input. */
export const totpCodeField = z.string('required').trim().min(1, 'required').max(16, 'too_long');
/** A recovery code as printed (XXXXX-XXXXX); case, spaces and the dash do not matter. */
export const recoveryCodeField = z.string('required').trim().min(1, 'required').max(32, 'too_long');
/** The token /login answers with when a second factor is needed (error totp_required, data.challenge). */
export const challengeField = z.string('required').trim().min(1, 'required').max(128, 'too_long');

/** GET /totp: the caller's own factor. */
export const totpStatus = z.object({
  enrolled: z.boolean(),
  confirmedAt: z.string().nullable(),
  /** The company's policy asks it of this user (everyone, or one of their roles). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** What /login answers (as the data of error totp_required) when the password was right and a factor is needed. */
export const totpChallengeData = z.object({
  challenge: z.string(),
  /** The policy asks for a factor the user has not yet: enrol (with the challenge) first. */
  enrol: z.boolean(),
});
export type TotpChallengeData = z.infer<typeof totpChallengeData>;

export const totpEnrolBody = z.object({ password: passwordInput });
export const totpEnrolment = z.object({
  /** Base32, for typing into the app when the QR code cannot be scanned. */
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qr: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpCodeBody = z.object({ code: totpCodeField });
export type TotpCodeBody = z.infer<typeof totpCodeBody>;
/** Ten codes, shown once; each signs in once in place of a code. */
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof recoveryCodesData>;

export const totpDisableBody = z.object({ password: passwordInput, code: totpCodeField });
export type TotpDisableBody = z.infer<typeof totpDisableBody>;

/** POST /login/totp: the challenge with the app's code or, phone lost, a recovery code. */
export const loginTotpBody = z
  .object({
    challenge: challengeField,
    code: z.string().trim().max(16, 'too_long').optional(),
    recoveryCode: z.string().trim().max(32, 'too_long').optional(),
  })
  .refine((b) => !!b.code || !!b.recoveryCode, { path: ['code'], message: 'required' });
export type LoginTotpBody = z.infer<typeof loginTotpBody>;

/** Enrolment during sign-in when the policy asks for a factor the user lacks. */
export const loginTotpEnrolBody = z.object({ challenge: challengeField });
export const loginTotpConfirmBody = z.object({ challenge: challengeField, code: totpCodeField });
export type LoginTotpConfirmBody = z.infer<typeof loginTotpConfirmBody>;
export const loginTotpConfirmed = recoveryCodesData.extend({ session: loginData });

/** The company's sign-in policy (company_sign_in_policies); a company without a row has the defaults. */
export const signInPolicy = z.object({
  companyId: z.number(),
  totpRequired: z.boolean(),
  totpRoles: z.array(z.string()),
  passwordSignIn: z.boolean(),
  /** Whether the company has an enabled single sign-on provider (password sign-in may be off only then). */
  ssoEnabled: z.boolean(),
  /**
   * The roles of the company's projects to choose totpRoles from, one per code (a custom role's code may be in
   * several projects). Roles are a project's, so no role list of the company exists apart from this one.
   */
  roles: z.array(z.object({ code: z.string(), name: z.string(), builtin: z.boolean() })),
});
export type SignInPolicy = z.infer<typeof signInPolicy>;

export const signInPolicyBody = z.object({
  companyId: companyScopeQuery.shape.companyId,
  totpRequired: z.boolean('required'),
  totpRoles: z.array(roleCodeField).max(50, 'too_many'),
  passwordSignIn: z.boolean('required'),
});
export type SignInPolicyBody = z.infer<typeof signInPolicyBody>;
