import type { RoutePolicy } from './route-gates.ts';

/** Identity and integration (issue 29): single sign-on, the second factor, API tokens, webhooks; spread into
 * ROUTE_POLICY (route-policy.ts). Each part keeps its routes under its own heading (and adds the gates it imports). */
export const IDENTITY_POLICY: Record<string, RoutePolicy> = {
  // part 1 and 2: single sign-on (OpenID Connect) and signing under it
  // part 3: two-factor sign-in (TOTP)
  // part 4: API tokens
  // part 5: webhooks
};
