import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { offerKeys } from './keys';
import { patchOffer } from './offer-cache';

/** DELETE /api/favorites/:offerId. A 404 means it was not a favourite any more: the wanted end state. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string) => {
      try {
        await api.delete<MessageBody>(`/api/favorites/${encodeURIComponent(offerId)}`);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onMutate: (offerId) => patchOffer(queryClient, offerId, { favoritedByMe: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.favorites }),
    onError: (_error, offerId) => {
      patchOffer(queryClient, offerId, { favoritedByMe: true });
      toast.error('Não foi possível remover dos favoritos. Tente novamente.');
    },
  });
}
