import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import { currentLang } from '../../../lib/i18n';

/**
 * The words for an error code the server put in the address (`?sso_error=` or `#sso_error=`), in the page's
 * language; an unknown or tampered code reads as a generic refusal rather than being echoed.
 */
export function ssoErrorText(code: string | null | undefined): string | null {
  if (!code) return null;
  return errorMessage(isErrorCode(code) ? code : 'sso_token_invalid', currentLang());
}

/** The values the server's callback put in the fragment (never sent to a server, so read here). */
export function fragmentValue(name: string): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get(name);
}
