import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserOfferApproved } from '../../../../shared/schemas/offers';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/**
 * POST /api/admin/user-offers/:id/approve: the submission becomes a visible offer; the author earns 10 points and
 * is told in the bell.
 */
export function useApproveUserOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<UserOfferApproved>(`/api/admin/user-offers/${encodeURIComponent(id)}/approve`),
    onSuccess: () =>
      toast.success('Oferta aprovada', {
        description: 'Ela já aparece no catálogo, o autor ganhou 10 pontos e recebeu um aviso no sino.',
      }),
    onError: (error) =>
      toast.error('Erro ao aprovar oferta', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.userOffers }),
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.offers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.catalogue }),
        queryClient.invalidateQueries({ queryKey: otherKeys.stats }),
      ]),
  });
}
