import { useQuery } from '@tanstack/react-query';
import type { OfferDetail } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { offerKeys } from './keys';

/** GET /api/offers/:id: the offer with its publisher, vote counts and the member's own vote. */
export function useOffer(id: string) {
  return useQuery({
    queryKey: offerKeys.detail(id),
    queryFn: () => api.get<OfferDetail>(`/api/offers/${encodeURIComponent(id)}`),
  });
}
