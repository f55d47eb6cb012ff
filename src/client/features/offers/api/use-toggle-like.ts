import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeToggleResult } from '../../../../shared/schemas/common';
import type { OfferCard } from '../../../../shared/schemas/offers';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { offerKeys } from './keys';
import { patchOffer } from './offer-cache';

/** The server's own message (or the no-connection one); otherwise the spec's fallback. */
function likeErrorMessage(error: unknown) {
  if (error instanceof ApiError && (typeof error.body.message === 'string' || error.status === 0))
    return error.message;
  return 'Erro ao curtir a oferta';
}

type LikeTarget = Pick<OfferCard, 'id' | 'likedByMe' | 'likeCount'>;

/** POST /api/offers/:id/like: toggles the member's like, optimistically, everywhere the offer is shown. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: LikeTarget) =>
      api.post<LikeToggleResult>(`/api/offers/${encodeURIComponent(offer.id)}/like`),
    onMutate: (offer) =>
      patchOffer(queryClient, offer.id, {
        likedByMe: !offer.likedByMe,
        likeCount: Math.max(0, offer.likeCount + (offer.likedByMe ? -1 : 1)),
      }),
    onSuccess: (result, offer) => {
      patchOffer(queryClient, offer.id, { likedByMe: result.liked, likeCount: result.likeCount });
      // Lists sorted by likes are now out of date: refresh them the next time they are opened.
      queryClient.invalidateQueries({ queryKey: offerKeys.all, refetchType: 'none' });
    },
    onError: (error, offer) => {
      patchOffer(queryClient, offer.id, { likedByMe: offer.likedByMe, likeCount: offer.likeCount });
      toast.error('Erro', { description: likeErrorMessage(error) });
    },
  });
}
