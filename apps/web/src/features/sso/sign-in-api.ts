import { API_BASE } from '@edoc/contract/limits';
import { ssoRoutes } from '@edoc/contract/sso-routes';
import { call } from '../../lib/api-client';
import { useLoad } from '../../lib/use-call';

/*
 * The login page's single sign-on calls, apart from api.ts: that page loads without react-query (issue 30), which the
 * administrators' pages use. They are public: a stale token left in the tab is not sent.
 */

/** The login page: the provider for the typed address's domain, or none. Asked only for a well-formed address. */
export function useSsoDiscover(email: string | null) {
  return useLoad(
    `sso-discover:${email ?? ''}`,
    () => call(ssoRoutes.discover, { query: { email: email! }, auth: false }),
    {
      enabled: email !== null,
      silentError: true,
    },
  );
}

/** The login page's company choice: every enabled provider's label, asked only once the person opens the choice. */
export function useSsoChoices(enabled: boolean) {
  return useLoad('sso-choices', () => call(ssoRoutes.choices, { auth: false }), { enabled, silentError: true });
}

/** Where the login page's button goes: the server answers with a redirect to the provider. */
export const ssoStartHref = (providerId: number, lang: string) =>
  `${API_BASE}${ssoRoutes.start.path}?provider=${providerId}&lang=${encodeURIComponent(lang)}`;
