import { useQuery } from '@tanstack/react-query';
import type { UserOffer } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

/** GET /api/admin/user-offers: the members' submissions awaiting review, oldest first. */
export function usePendingUserOffers() {
  return useQuery({
    queryKey: adminOfferKeys.userOffers,
    queryFn: () => api.get<UserOffer[]>('/api/admin/user-offers'),
  });
}
