import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCountInput, AdHistory } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys, otherKeys } from './keys';

/**
 * POST /api/admin/offers/:id/ad-counts: a count of one offer, today's or a dated one (`date`; a second one the same
 * day replaces it). The catalogue and the admin lists refresh when the administrator leaves the screen, not after
 * every row; the offers' charts (['ad-history']) at once, as an open detail must draw the new point.
 */
export function useSaveAdCount(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdCountInput) =>
      api.post<AdHistory>(`/api/admin/offers/${encodeURIComponent(offerId)}/ad-counts`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: otherKeys.catalogue, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: adminOfferKeys.offers, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: otherKeys.adHistory });
    },
  });
}
