import { loginData } from './auth.ts';
import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { userIdParams } from './fields.ts';
import { defineRoute } from './route.ts';
import {
  loginTotpBody,
  loginTotpConfirmBody,
  loginTotpConfirmed,
  loginTotpEnrolBody,
  recoveryCodesData,
  signInPolicy,
  signInPolicyBody,
  totpCodeBody,
  totpDisableBody,
  totpEnrolBody,
  totpEnrolment,
  totpStatus,
} from './totp.ts';

/** Two-factor sign-in (issue 29 part 3): the user's own factor, the sign-in step, the company's policy. */
export const totpRoutes = {
  status: defineRoute('GET', '/totp', { response: totpStatus }),
  enrol: defineRoute('POST', '/totp/enrol', { body: totpEnrolBody, response: totpEnrolment }),
  confirm: defineRoute('POST', '/totp/confirm', { body: totpCodeBody, response: recoveryCodesData }),
  recoveryCodes: defineRoute('POST', '/totp/recovery-codes', { body: totpCodeBody, response: recoveryCodesData }),
  disable: defineRoute('POST', '/totp/disable', { body: totpDisableBody, response: noData }),
  reset: defineRoute('POST', '/totp/reset/:userId', {
    params: userIdParams,
    query: companyScopeQuery,
    response: noData,
  }),
  login: defineRoute('POST', '/login/totp', { body: loginTotpBody, response: loginData }),
  loginEnrol: defineRoute('POST', '/login/totp/enrol', { body: loginTotpEnrolBody, response: totpEnrolment }),
  loginConfirm: defineRoute('POST', '/login/totp/confirm', {
    body: loginTotpConfirmBody,
    response: loginTotpConfirmed,
  }),
  policy: defineRoute('GET', '/company/sign-in-policy', { query: companyScopeQuery, response: signInPolicy }),
  setPolicy: defineRoute('POST', '/company/sign-in-policy', { body: signInPolicyBody, response: noData }),
};
