import type { SsoProviderBody, SsoRuleBody } from '@edoc/contract/sso';
import { ssoRoutes } from '@edoc/contract/sso-routes';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { SsoSigning } from '../../components/sso-reauth';
import { paths } from '../../config/paths';
import { call } from '../../lib/api-client';
import { getSessionValue, useSession } from '../../lib/session';

/*
 * Single sign-on (issue 29 parts 1 and 2): the system administrator's providers, the company administrator's group
 * rules, the login page's discovery and ticket exchange, and the sign dialog's fresh authentication.
 */

const PROVIDERS = ['sso', 'providers'] as const;
const RULES = ['sso', 'rules'] as const;

// The login page's calls are public: a stale token left in the tab is not sent.
const PUBLIC = { auth: false } as const;

export function useSsoProviders() {
  return useQuery({ queryKey: PROVIDERS, queryFn: () => call(ssoRoutes.providers) });
}

/** Saves a company's provider; the server fetches its discovery document first and refuses when it cannot. */
export function useSaveSsoProvider(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: SsoProviderBody) => call(ssoRoutes.saveProvider, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDERS }),
  });
}

/** "Test discovery": the issuer's discovery document summed up by the server, nothing stored. */
export function useTestSsoIssuer() {
  return useMutation({
    mutationFn: (issuer: string) => call(ssoRoutes.testIssuer, { body: { issuer } }),
    meta: { silentError: true },
  });
}

export function useDeleteSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ssoRoutes.deleteProvider, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDERS }),
  });
}

/** The caller's company's group rules (keyed by company so another sign-in in the tab never sees the last one's). */
export function useSsoRules() {
  return useQuery({ queryKey: [...RULES, useSession().companyId], queryFn: () => call(ssoRoutes.rules) });
}

export function useSaveSsoRule(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: SsoRuleBody) => call(ssoRoutes.saveRule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES }),
  });
}

export function useDeleteSsoRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ssoRoutes.deleteRule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES }),
  });
}

/** /sso/complete: the ticket from the fragment, once, for the session. */
export function useSsoComplete() {
  return useMutation({
    mutationFn: (ticket: string) => call(ssoRoutes.complete, { body: { ticket }, ...PUBLIC }),
    meta: { silentError: true },
  });
}

/** Whether the signed-in account signs by a fresh SSO authentication (then the sign dialog asks no password). */
export function useSsoAccount(enabled = true) {
  return useQuery({
    queryKey: ['sso', 'account', getSessionValue('userId')],
    queryFn: () => call(ssoRoutes.account),
    enabled,
  });
}

/**
 * The sign dialogs' single sign-on: for an SSO account, its provider and how to start the fresh authentication
 * (prompt=login, max_age=0, ending at /sso/proof); undefined for a password account, which gives its password.
 */
export function useSsoSigning(enabled = true): SsoSigning | undefined {
  const account = useSsoAccount(enabled);
  const provider = account.data?.provider;
  if (!provider) return undefined;
  return {
    label: provider.label,
    start: () => call(ssoRoutes.signStart, { body: { returnTo: paths.ssoProof } }).then((r) => r.url),
  };
}
