import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferDetail, OfferInput } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys, otherKeys } from './keys';

/** PUT /api/offers/:id: the administrator's edit (/admin/editar-oferta/{id}). */
export function useUpdateOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferInput) => api.put<OfferDetail>(`/api/offers/${encodeURIComponent(id)}`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.offers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.catalogue }),
      ]),
  });
}
