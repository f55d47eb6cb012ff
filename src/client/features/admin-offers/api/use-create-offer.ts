import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferDetail, OfferInput } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys, otherKeys } from './keys';

/** POST /api/offers: the administrator publishes a scaled offer (/nova-oferta). */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferInput) => api.post<OfferDetail>('/api/offers', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.offers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.catalogue }),
        queryClient.invalidateQueries({ queryKey: otherKeys.stats }),
      ]),
  });
}
