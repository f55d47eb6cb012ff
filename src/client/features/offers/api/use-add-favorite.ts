import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_EXISTS_CODE } from '../../../../shared/offer-constants';
import type { MessageBody } from '../../../../shared/schemas/common';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { offerKeys } from './keys';
import { patchOffer } from './offer-cache';

/** The server's answer to a repeated favourite: a 409 whose body carries the code 23505. */
export function isFavoriteExists(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return (
    JSON.stringify(error.body).includes(FAVORITE_EXISTS_CODE) || error.message.includes(FAVORITE_EXISTS_CODE)
  );
}

/** POST /api/favorites {offerId}. */
export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => api.post<MessageBody>('/api/favorites', { offerId }),
    onMutate: (offerId) => patchOffer(queryClient, offerId, { favoritedByMe: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.favorites }),
    onError: (error, offerId) => {
      if (isFavoriteExists(error)) {
        // Already a favourite (another tab, a double click): show it as such and reload from the server.
        toast('Já está nos favoritos');
        queryClient.invalidateQueries({ queryKey: offerKeys.all });
        return;
      }
      patchOffer(queryClient, offerId, { favoritedByMe: false });
      toast.error('Não foi possível alterar o favorito. Tente novamente.');
    },
  });
}
