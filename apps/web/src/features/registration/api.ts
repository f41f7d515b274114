import { captchaCodeField, newPasswordField } from '@edoc/contract/auth';
import { companyBody, companyUserBody } from '@edoc/contract/company';
import { emailField } from '@edoc/contract/fields';
import type { RegisterBody } from '@edoc/contract/registration';
import { registrationRoutes } from '@edoc/contract/registration-routes';
import { call } from '../../lib/api-client';
import { useCall, type CallMeta } from '../../lib/use-call';

/** The contract's own field schemas, so the form checks exactly what the server will. */
export const registerFields = {
  userName: companyUserBody.shape.userName,
  email: emailField,
  companyName: companyBody.shape.companyName,
  password: newPasswordField,
  captchaCode: captchaCodeField,
};

/**
 * POST /register (public). Success means the account waits for the company administrator's approval. Through
 * lib/use-call: the registration frame loads without react-query (issue 30).
 */
export function useRegister(meta?: CallMeta) {
  return useCall((body: RegisterBody) => call(registrationRoutes.register, { body, auth: false }), meta);
}
