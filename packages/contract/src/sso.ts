import { z } from 'zod';
import { emailField, idField, langField, optionalText, requiredText } from './fields.ts';

/*
 * Single sign-on by OpenID Connect (issue 29 parts 1 and 2, docs/identity.md): the system administrator's providers,
 * the company administrator's group rules, the login page's discovery and ticket exchange, and the fresh
 * authentication a Part 11 signature takes under SSO.
 */

/** A provider as the system administrator sees it; the client secret is never answered back, only that it is set. */
export const ssoProviderItem = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
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
  discoveredAt: z.string().nullable(),
});
export type SsoProviderItem = z.infer<typeof ssoProviderItem>;
export const ssoProviderList = z.array(ssoProviderItem);

const claimField = z.string('required').trim().min(1, 'required').max(64, 'too_long');
const domainField = z
  .string('required')
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, 'invalid_value');

/**
 * POST /system/sso: one provider per company (saving again for the same company replaces it). The secret may be
 * left empty when the provider exists already (the stored one is kept). Discovery is fetched on save.
 */
export const ssoProviderBody = z.object({
  companyId: idField,
  label: requiredText(64),
  issuer: z.url('invalid_value').max(512, 'too_long'),
  clientId: requiredText(256),
  clientSecret: optionalText(512),
  domains: z.array(domainField).min(1, 'required').max(20, 'too_long'),
  emailClaim: claimField.default('email'),
  nameClaim: claimField.default('name'),
  groupsClaim: claimField.default('groups'),
  jitAccounts: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type SsoProviderBody = z.infer<typeof ssoProviderBody>;
export const ssoProviderSaved = z.object({ id: z.number() });

/** POST /system/sso/test: the issuer's discovery document fetched and summed up, nothing stored. */
export const ssoIssuerTestBody = ssoProviderBody.pick({ issuer: true });
export const ssoIssuerTested = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  /** PKCE with S256, which edoc's sign-in uses: a provider without it cannot serve edoc. */
  pkceS256: z.boolean(),
  claimsSupported: z.array(z.string()),
});
export type SsoIssuerTested = z.infer<typeof ssoIssuerTested>;

/** A group rule: members of the provider's group get the role in the project at each SSO sign-in. */
export const ssoRuleItem = z.object({
  id: z.number(),
  groupName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  roleCode: z.string(),
});
export const ssoRuleList = z.array(ssoRuleItem);
export const ssoRuleBody = z.object({
  companyId: idField.optional(),
  groupName: requiredText(128),
  projectId: idField,
  roleCode: requiredText(64),
});
export type SsoRuleBody = z.infer<typeof ssoRuleBody>;

/** GET /sso/discover?email=: the same answer (none) for an unknown domain and an unknown address. */
export const ssoDiscoverQuery = z.object({ email: emailField });
export const ssoChoice = z.object({ providerId: z.number(), label: z.string() });
export const ssoDiscovered = z.object({ provider: ssoChoice.nullable() });
export const ssoProviderChoices = z.array(ssoChoice);

/** GET /sso/start: answered with a 302 to the provider's authorization endpoint. */
export const ssoStartQuery = z.object({
  provider: z.coerce
    .number('required')
    .int('invalid_value')
    .positive('invalid_value')
    .max(2_147_483_647, 'invalid_value'),
  lang: langField.optional(),
});
/** GET /sso/callback: what the provider sends back (checked by openid-client; an error is answered by redirect). */
export const ssoCallbackQuery = z.object({
  state: z.string().max(512, 'too_long').optional(),
  code: z.string().max(4096, 'too_long').optional(),
  error: z.string().max(256, 'too_long').optional(),
  iss: z.string().max(512, 'too_long').optional(),
});
/** POST /sso/complete: the one-use ticket the callback gave the browser, for the session. */
export const ssoCompleteBody = z.object({
  ticket: z.string('required').trim().min(1, 'required').max(128, 'too_long'),
});

/** POST /sso/sign/start: the sign dialog's fresh authentication; returnTo is the web path the browser comes back to. */
export const ssoSignStartBody = z.object({
  returnTo: z
    .string()
    .max(512, 'too_long')
    .regex(/^\/(?!\/)/, 'invalid_value')
    .optional(),
});
export const ssoSignStarted = z.object({ url: z.string() });
/** GET /sso/account: whether the signed-in account signs with a fresh SSO authentication, and at which provider. */
export const ssoAccount = z.object({ provider: ssoChoice.nullable() });
