import { QueryClient } from '@tanstack/react-query';

// Spec 01 §9: data never stale by default, no refetch on focus, no retries.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
