import type { LoginTotpBody, LoginTotpConfirmBody } from '@edoc/contract/totp';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { call } from '../../lib/api-client';
import { useCall, type CallMeta } from '../../lib/use-call';

/*
 * The login page's second step (issue 29 part 3), apart from api.ts: that page loads without react-query (issue 30).
 * The calls are public: the challenge is the proof, and a stale token left in the tab is not sent.
 */
const PUBLIC = { auth: false } as const;

/** The challenge with a code or a recovery code → the session. */
export function useLoginTotp(meta?: CallMeta) {
  return useCall((body: LoginTotpBody) => call(totpRoutes.login, { body, ...PUBLIC }), meta);
}

/** Forced enrolment at sign-in: the challenge → secret and QR code. */
export function useLoginTotpEnrol(meta?: CallMeta) {
  return useCall((challenge: string) => call(totpRoutes.loginEnrol, { body: { challenge }, ...PUBLIC }), meta);
}

/** Forced enrolment's first code → the recovery codes and the session. */
export function useLoginTotpConfirm(meta?: CallMeta) {
  return useCall((body: LoginTotpConfirmBody) => call(totpRoutes.loginConfirm, { body, ...PUBLIC }), meta);
}
