import { loginData } from './auth.ts';
import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute, rawAnswer } from './route.ts';
import {
  ssoAccount,
  ssoCallbackQuery,
  ssoCompleteBody,
  ssoDiscoverQuery,
  ssoDiscovered,
  ssoIssuerTestBody,
  ssoIssuerTested,
  ssoProviderBody,
  ssoProviderChoices,
  ssoProviderList,
  ssoProviderSaved,
  ssoRuleBody,
  ssoRuleList,
  ssoSignStartBody,
  ssoSignStarted,
  ssoStartQuery,
} from './sso.ts';

/** Single sign-on (issue 29 parts 1 and 2): providers, group rules, the sign-in flow and the signing proof. */
export const ssoRoutes = {
  providers: defineRoute('GET', '/system/sso/list', { response: ssoProviderList }),
  saveProvider: defineRoute('POST', '/system/sso', { body: ssoProviderBody, response: ssoProviderSaved }),
  testIssuer: defineRoute('POST', '/system/sso/test', { body: ssoIssuerTestBody, response: ssoIssuerTested }),
  deleteProvider: defineRoute('POST', '/system/sso/:id/delete', { params: idParams, response: noData }),
  rules: defineRoute('GET', '/company/sso/rules', { query: companyScopeQuery, response: ssoRuleList }),
  saveRule: defineRoute('POST', '/company/sso/rules', { body: ssoRuleBody, response: noData }),
  deleteRule: defineRoute('POST', '/company/sso/rules/:id/delete', {
    params: idParams,
    query: companyScopeQuery,
    response: noData,
  }),
  discover: defineRoute('GET', '/sso/discover', { query: ssoDiscoverQuery, response: ssoDiscovered }),
  choices: defineRoute('GET', '/sso/providers', { response: ssoProviderChoices }),
  start: defineRoute('GET', '/sso/start', { query: ssoStartQuery, response: rawAnswer }),
  callback: defineRoute('GET', '/sso/callback', { query: ssoCallbackQuery, response: rawAnswer }),
  complete: defineRoute('POST', '/sso/complete', { body: ssoCompleteBody, response: loginData }),
  account: defineRoute('GET', '/sso/account', { response: ssoAccount }),
  signStart: defineRoute('POST', '/sso/sign/start', { body: ssoSignStartBody, response: ssoSignStarted }),
};
