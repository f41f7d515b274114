import {
  captchaResponse,
  extendSessionData,
  forgetPasswordBody,
  loginBody,
  loginData,
  modifyPasswordBody,
  verifyCodeQuery,
} from './auth.ts';
import { noData } from './envelope.ts';
import { defineRoute } from './route.ts';

/** Signing in and out, the password's change and reset, the session's extension (SPEC §1). */
export const authRoutes = {
  captcha: defineRoute('GET', '/captcha', { response: captchaResponse }),
  login: defineRoute('POST', '/login', { body: loginBody, response: loginData }),
  logout: defineRoute('POST', '/logout', { response: noData }),
  modifyPassword: defineRoute('POST', '/user/modify_password', { body: modifyPasswordBody, response: noData }),
  verifyCode: defineRoute('GET', '/user/pwd/verify/code', { query: verifyCodeQuery, response: noData }),
  forgetPassword: defineRoute('POST', '/forget_password', { body: forgetPasswordBody, response: noData }),
  extendSession: defineRoute('POST', '/session/extend', { response: extendSessionData }),
};
