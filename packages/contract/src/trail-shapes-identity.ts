/* The value shapes of identity and integration's trail rows (issue 29): single sign-on, the second factor, API
 * tokens, webhooks. trail.ts pairs them with trail and object types as it does trail-shapes.ts's. Each part keeps its
 * shapes under its own heading (and adds the imports it needs above them). */

// part 1 and 2: single sign-on (OpenID Connect) and signing under it
// part 3: two-factor sign-in (TOTP)
// part 4: API tokens
// part 5: webhooks
export {};
