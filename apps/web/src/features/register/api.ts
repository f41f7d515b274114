import { captchaCodeField, newPasswordField } from '@edoc/contract/auth';
import { companyBody, companyUserBody } from '@edoc/contract/company';
import { emailField } from '@edoc/contract/fields';
import { api } from '../../lib/api-client';

/** POST /register (public). Not in the contract yet: typed here until packages/contract has it. */
export interface RegisterBody {
  userName: string;
  email: string;
  companyName: string;
  password: string;
  captchaId: string;
  captchaCode: string;
}

/** The contract's own field schemas, so the form checks exactly what the server will. */
export const registerFields = {
  userName: companyUserBody.shape.userName,
  email: emailField,
  companyName: companyBody.shape.companyName,
  password: newPasswordField,
  captchaCode: captchaCodeField,
};

/** Success means the account waits for the company administrator's approval. */
export function register(body: RegisterBody): Promise<unknown> {
  return api.postJson<unknown>('/register', body, { auth: false });
}
