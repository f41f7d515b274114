import { z } from 'zod';

/* The value shapes of identity and integration's trail rows (issue 29): single sign-on, the second factor, API
 * tokens, webhooks. trail.ts pairs them with trail and object types as it does trail-shapes.ts's. Each part keeps its
 * shapes under its own heading (and adds the imports it needs above them). */

// part 1 and 2: single sign-on (OpenID Connect) and signing under it
/** A company's OpenID Connect provider as kept (never its client secret: only whether one is set). */
export const ssoProviderShape = z.object({
  companyId: z.number(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  emailClaim: z.string(),
  nameClaim: z.string(),
  groupsClaim: z.string(),
  jitAccounts: z.boolean(),
  enabled: z.boolean(),
});
/** A group rule: a provider group's members get the role in the project at each SSO sign-in. */
export const ssoRuleShape = z.object({ groupName: z.string(), projectId: z.number(), roleCode: z.string() });
// part 3: two-factor sign-in (TOTP)
/** A user's second factor before and after a change (set up, confirmed, new recovery codes, turned off, reset). */
export const totpState = z.object({ enrolled: z.boolean(), confirmed: z.boolean(), recoveryCodesLeft: z.number() });
/** A company's sign-in policy (company_sign_in_policies). */
export const signInPolicyShape = z.object({
  totpRequired: z.boolean(),
  totpRoles: z.array(z.string()),
  passwordSignIn: z.boolean(),
});
// part 4: API tokens
/** A token as kept (never its secret nor its hash). */
export const apiTokenShape = z.object({
  userId: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  projectIds: z.array(z.number()).nullable(),
  expiresAt: z.string(),
  revoked: z.boolean(),
});
/** A company's service account: a user row that only tokens act as. */
export const serviceAccountShape = z.object({
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  enabled: z.boolean(),
});
// part 5: webhooks
/** A subscription as kept (never its secret: a rotation says only that it happened). */
export const webhookShape = z.object({
  companyId: z.number(),
  projectId: z.number().nullable(),
  /** A company hook's projects (null: every one); absent in rows written before the list existed. */
  projectIds: z.array(z.number()).nullable().optional(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  paused: z.boolean(),
  secretRotated: z.boolean().optional(),
});
/** A delivery an administrator asked for: a re-send of an earlier one, or the test event. */
export const webhookSendShape = z.object({
  webhookId: z.number(),
  event: z.string(),
  eventId: z.string(),
  resentFrom: z.number().nullable(),
});
/** The system setting of webhook targets. */
export const webhookSettingsShape = z.object({ allowPrivateTargets: z.boolean() });
