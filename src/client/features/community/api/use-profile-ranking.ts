import { useQuery } from '@tanstack/react-query';
import type { RankingEntry, UserPublicProfile } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { communityKeys } from './board';

/** GET /api/user/{userId}/profile, read when the profile modal opens. */
export function useUserProfile(userId: string | null) {
  return useQuery({
    queryKey: communityKeys.profile(userId ?? ''),
    queryFn: () => api.get<UserPublicProfile>(`/api/user/${encodeURIComponent(userId ?? '')}/profile`),
    enabled: Boolean(userId),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * GET /api/ranking/monthly: places 1 to 10 of the current month in São Paulo (month null, live), or of an earlier
 * month as it was frozen when it closed (`?month=YYYY-MM`).
 */
export function useMonthlyRanking(month: string | null = null) {
  return useQuery({
    queryKey: [...communityKeys.ranking, month ?? 'current'],
    queryFn: () =>
      api.get<RankingEntry[]>(
        month ? `/api/ranking/monthly?month=${encodeURIComponent(month)}` : '/api/ranking/monthly',
      ),
    // A closed month never changes.
    staleTime: month ? Number.POSITIVE_INFINITY : 30_000,
  });
}
