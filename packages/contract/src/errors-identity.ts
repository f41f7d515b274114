/**
 * The errors of identity and integration (issue 29: single sign-on, the second factor, API tokens, webhooks), in the
 * form of errors.ts (which spreads them into ERRORS): a stable code, its honest HTTP status and the message in both
 * languages. Each part keeps its codes under its own heading.
 */
export const IDENTITY_ERRORS = {
  // part 1 and 2: single sign-on (OpenID Connect) and signing under it
  // part 3: two-factor sign-in (TOTP)
  // part 4: API tokens
  // part 5: webhooks
} as const satisfies Record<string, readonly [number, string, string]>;
