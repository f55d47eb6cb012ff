import { QueryClient } from '@tanstack/react-query';

// No refetch on focus, no retries. Unlike a "never stale" default, data is revalidated when a screen mounts
// (staleTime 0): the catalogue, feeds, ranking and balances change under the member (docs/decisions.md,
// "Diferenças deliberadas da especificação"); queries that should wait set their own staleTime.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
