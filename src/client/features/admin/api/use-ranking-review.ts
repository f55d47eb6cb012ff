import { useQuery } from '@tanstack/react-query';
import type { RankingReview } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/ranking/review?month=YYYY-MM: every member with likes received that month, counted and excluded. */
export function useRankingReview(month: string) {
  return useQuery({
    queryKey: adminKeys.rankingReview(month),
    queryFn: () => api.get<RankingReview>(`/api/admin/ranking/review?month=${encodeURIComponent(month)}`),
  });
}
