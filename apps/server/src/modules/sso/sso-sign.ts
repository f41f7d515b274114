import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { consumeSignProof } from './sso-flow.ts';
import { ssoProviderOfUser } from './sso-login.ts';

/**
 * The e-signature check's SSO branch (docs/identity.md "Signing under SSO"): an account with an identity at an
 * enabled provider signs with the one-use proof of a fresh authentication, never a password (it may have none that
 * it knows). Returns false for a password account, which must then give its password.
 */
export async function signedWithSso(
  deps: Deps,
  userId: number,
  input: { password?: string; ssoProof?: string },
): Promise<boolean> {
  if (!(await ssoProviderOfUser(deps, userId))) {
    if (!input.password) fail('required', { field: 'password' });
    return false;
  }
  if (!input.ssoProof) return fail('required', { field: 'ssoProof' });
  await consumeSignProof(deps, userId, input.ssoProof);
  return true;
}
