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

/** GET /api/ranking/monthly: places 1 to 10 of the current month in São Paulo. */
export function useMonthlyRanking() {
  return useQuery({
    queryKey: communityKeys.ranking,
    queryFn: () => api.get<RankingEntry[]>('/api/ranking/monthly'),
    staleTime: 30_000,
  });
}
