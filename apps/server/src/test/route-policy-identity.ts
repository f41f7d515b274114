import { admin, company, open, signedIn, system, withIds, type RoutePolicy } from './route-gates.ts';

/** Identity and integration (issue 29): single sign-on, the second factor, API tokens, webhooks; spread into
 * ROUTE_POLICY (route-policy.ts). Each part keeps its routes under its own heading (and adds the gates it imports). */
export const IDENTITY_POLICY: Record<string, RoutePolicy> = {
  // part 1 and 2: single sign-on (OpenID Connect) and signing under it
  'GET /system/sso/list': system,
  // Saving fetches the issuer's discovery document, which the matrix's callers cannot serve.
  'POST /system/sso': system,
  'POST /system/sso/test': system,
  'POST /system/sso/{id}/delete': withIds(system, { id: 'ssoProvider' }, { destructive: true }),
  'GET /company/sso/rules': company,
  'POST /company/sso/rules': company,
  'POST /company/sso/rules/{id}/delete': withIds(company, { id: 'ssoRule' }, { destructive: true }),
  'GET /sso/discover': open,
  'GET /sso/providers': open,
  'GET /sso/start': open,
  'GET /sso/callback': open,
  'POST /sso/complete': open,
  'GET /sso/account': signedIn,
  'POST /sso/sign/start': signedIn,
  // part 3: two-factor sign-in (TOTP)
  'GET /totp': signedIn,
  // Enrolment and the code checks need the caller's password or a live code, which the matrix's callers lack.
  'POST /totp/enrol': signedIn,
  'POST /totp/confirm': signedIn,
  'POST /totp/recovery-codes': signedIn,
  'POST /totp/disable': signedIn,
  'POST /totp/reset/{userId}': withIds(company, { userId: 'user' }, { destructive: true }),
  'POST /login/totp': open,
  'POST /login/totp/enrol': open,
  'POST /login/totp/confirm': open,
  'GET /company/sign-in-policy': company,
  'POST /company/sign-in-policy': company,
  // part 4: API tokens
  'POST /api-token': signedIn,
  'GET /api-token/list': signedIn,
  'POST /api-token/{id}/revoke': withIds(signedIn, { id: 'apiToken' }, { destructive: true }),
  'POST /service-account': company,
  'GET /service-account/list': company,
  'POST /service-account/{id}/disable': withIds(company, { id: 'serviceAccount' }, { destructive: true }),
  // part 5: webhooks
  'GET /project/webhook/list': admin,
  // Creating resolves the URL, which the matrix's empty body lacks; the body refusal is the bad-input test's.
  'POST /project/webhook': admin,
  'POST /project/webhook/{id}': withIds(admin, { id: 'webhook' }),
  'POST /project/webhook/{id}/delete': withIds(admin, { id: 'webhook' }, { destructive: true }),
  'POST /project/webhook/{id}/rotate': withIds(admin, { id: 'webhook' }, { destructive: true }),
  'POST /project/webhook/{id}/resume': withIds(admin, { id: 'webhook' }, { destructive: true }),
  'POST /project/webhook/{id}/test': withIds(admin, { id: 'webhook' }, { destructive: true }),
  'GET /project/webhook/{id}/deliveries': withIds(admin, { id: 'webhook' }),
  'POST /project/webhook/{id}/resend': withIds(admin, { id: 'webhook' }),
  'GET /company/webhook/list': company,
  'POST /company/webhook': company,
  'POST /company/webhook/{id}': withIds(company, { id: 'companyWebhook' }),
  'POST /company/webhook/{id}/delete': withIds(company, { id: 'companyWebhook' }, { destructive: true }),
  'POST /company/webhook/{id}/rotate': withIds(company, { id: 'companyWebhook' }, { destructive: true }),
  'POST /company/webhook/{id}/resume': withIds(company, { id: 'companyWebhook' }, { destructive: true }),
  'POST /company/webhook/{id}/test': withIds(company, { id: 'companyWebhook' }, { destructive: true }),
  'GET /company/webhook/{id}/deliveries': withIds(company, { id: 'companyWebhook' }),
  'POST /company/webhook/{id}/resend': withIds(company, { id: 'companyWebhook' }),
  'GET /system/webhook-settings': system,
  'POST /system/webhook-settings': system,
};
