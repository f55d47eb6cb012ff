import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/** DELETE /api/admin/user-offers/:id: the submission is refused and deleted. */
export function useRejectUserOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/api/admin/user-offers/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Oferta rejeitada'),
    onError: (error) =>
      toast.error('Erro ao rejeitar oferta', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.userOffers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.stats }),
      ]),
  });
}
