import { useQuery } from '@tanstack/react-query';
import type { OfferDetail } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

/** GET /api/offers/:id for the edit screen (the administrator also opens hidden offers). */
export function useOfferForEdit(id: string, enabled = true) {
  return useQuery({
    queryKey: adminOfferKeys.offer(id),
    queryFn: () => api.get<OfferDetail>(`/api/offers/${encodeURIComponent(id)}`),
    enabled,
  });
}
