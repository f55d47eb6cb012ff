import { useQuery } from '@tanstack/react-query';
import type { UserOffer } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

/** GET /api/admin/user-offers/:id: one submission with its author. */
export function useUserOffer(id: string, enabled = true) {
  return useQuery({
    queryKey: adminOfferKeys.userOffer(id),
    queryFn: () => api.get<UserOffer>(`/api/admin/user-offers/${encodeURIComponent(id)}`),
    enabled,
  });
}
