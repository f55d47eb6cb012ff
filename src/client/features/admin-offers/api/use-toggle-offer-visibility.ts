import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOfferCard, AdminOfferPage } from '../../../../shared/schemas/offers';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/** PATCH /api/admin/offers/:id/toggle-visibility: hides or shows the offer to members. */
export function useToggleOfferVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.patch<AdminOfferCard>(`/api/admin/offers/${encodeURIComponent(id)}/toggle-visibility`),
    onSuccess: (card) => {
      // The card changes in place: the list keeps its order and its loaded pages.
      queryClient.setQueriesData<InfiniteData<AdminOfferPage>>({ queryKey: adminOfferKeys.offers }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === card.id ? card : item)),
              })),
            }
          : data,
      );
      toast.success('Visibilidade alterada', {
        description: card.visible
          ? 'A oferta está visível para os membros.'
          : 'A oferta foi ocultada dos membros.',
      });
      void queryClient.invalidateQueries({ queryKey: otherKeys.catalogue });
    },
    onError: (error) =>
      toast.error('Erro ao alterar visibilidade', { description: errorMessage(error, 'Tente novamente.') }),
  });
}
