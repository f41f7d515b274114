import type { ApiTokenCreateBody } from '@edoc/contract/api-token';
import { apiTokenRoutes } from '@edoc/contract/api-token-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/*
 * API tokens and service accounts (issue 29 part 4): the caller's own tokens (user centre), a company's service
 * accounts and their tokens (company administration; the system administrator names the company). Keys carry the
 * signed-in user, so another sign-in in the tab never sees the last one's tokens.
 */
const TOKENS = ['api-tokens'] as const;

/** A scope's text key: i18next reads ':' as its namespace separator, so 'documents:read' is keyed 'documents-read'. */
export const scopeKey = (scope: string) => scope.replace(':', '-');
const ACCOUNTS = ['service-accounts'] as const;

/** The tokens of the caller (userId undefined) or of one of their company's service accounts. */
export function useApiTokens(userId?: number) {
  const { userId: me } = useSession();
  return useQuery({
    queryKey: [...TOKENS, me, userId ?? 'mine'],
    queryFn: () => call(apiTokenRoutes.list, { query: { userId } }),
  });
}

/** The projects the caller may limit a token to: those of the project picker. */
export function useMyProjects(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['api-token-projects', userId],
    queryFn: () => call(projectEntryRoutes.list, { query: { pageNum: 1, pageSize: 1000 } }),
    enabled,
  });
}

function useInvalidate(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/** A new token: the answer carries its secret, which is never answered again. */
export function useCreateApiToken(meta?: MutationMeta) {
  const invalidate = useInvalidate(TOKENS);
  return useMutation({
    meta,
    mutationFn: (body: ApiTokenCreateBody) => call(apiTokenRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useRevokeApiToken() {
  const invalidate = useInvalidate(TOKENS);
  return useMutation({
    mutationFn: (id: number) => call(apiTokenRoutes.revoke, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** A company's service accounts: the caller's own company (null) or the one the system administrator names. */
export function useServiceAccounts(companyId: number | null) {
  return useQuery({
    queryKey: [...ACCOUNTS, companyId ?? 'own'],
    queryFn: () => call(apiTokenRoutes.serviceAccounts, { query: { companyId: companyId ?? undefined } }),
  });
}

export function useCreateServiceAccount(companyId: number | null, meta?: MutationMeta) {
  const invalidate = useInvalidate(ACCOUNTS);
  return useMutation({
    meta,
    mutationFn: (name: string) =>
      call(apiTokenRoutes.createServiceAccount, { body: { name, companyId: companyId ?? undefined } }),
    onSuccess: invalidate,
  });
}

export function useDisableServiceAccount() {
  const invalidate = useInvalidate(ACCOUNTS);
  return useMutation({
    mutationFn: (id: number) => call(apiTokenRoutes.disableServiceAccount, { params: { id } }),
    onSuccess: invalidate,
  });
}
