import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdHistory } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';

export type AdHistoryDays = 30 | 90;

/**
 * GET /api/offers/:id/ad-history?days=: the offer's daily ad counts in the window, oldest first, with its momentum.
 * Kept apart from the ['offers'] keys, which hold offer cards only (offer-cache.ts patches them).
 */
export function useAdHistory(id: string, days: AdHistoryDays) {
  return useQuery({
    queryKey: ['ad-history', id, days] as const,
    queryFn: () => api.get<AdHistory>(`/api/offers/${encodeURIComponent(id)}/ad-history?days=${days}`),
    placeholderData: keepPreviousData,
  });
}
