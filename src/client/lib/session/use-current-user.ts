import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { ApiError, api } from '../api-client';

export const currentUserKey = ['auth', 'user'] as const;

/** GET /api/auth/user: a 401 is "signed out" (null), not an error. No retry, cached 30 s, refetched on mount. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/auth/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 30_000,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: true,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
