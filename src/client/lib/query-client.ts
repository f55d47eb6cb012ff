import { QueryClient } from '@tanstack/react-query';

// Spec 01 §9: no refetch on focus, no retries. Unlike §9's "never stale", data is revalidated when a screen mounts
// (staleTime 0): the catalogue, feeds, ranking and balances change under the member (docs/decisions.md,
// "Conformidade com a spec"); queries that should wait set their own staleTime.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
