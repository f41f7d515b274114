import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from './feedback';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/**
 * SPEC §7: when a call fails its message is shown. Doing it here keeps every screen consistent;
 * a screen that explains the error itself sets meta.silentError.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) showError(error);
      },
    }),
    defaultOptions: {
      // Failures here are answers (validation, permission, expiry), not flaky transport: retrying only delays them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
