import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { ApiError, api } from '../api-client';

export const currentUserKey = ['auth', 'user'] as const;

/**
 * The member last signed in on this device, kept by the dashboard (lib/pwa/pwa.ts) and dropped at logout: with no
 * connection at all, an offline reload of the installed app draws the dashboard's frame for them instead of sending
 * them to sign in (every request still goes to the server, which decides).
 */
export const OFFLINE_USER_KEY = 'ce:member';

/** GET /api/auth/user: a 401 is "signed out" (null), not an error. No retry, cached 30 s, refetched on mount. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/auth/user');
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 401) return null;
        // No answer at all (offline): the member last seen on this device, if any (a damaged value fails as before).
        const seen = !error.status && localStorage[OFFLINE_USER_KEY];
        if (seen) return JSON.parse(seen);
      }
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
