import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/** DELETE /api/admin/offers/:id (toast 'Oferta excluída' or the failure message). */
export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/admin/offers/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Oferta excluída'),
    onError: () =>
      toast.error('Erro', { description: 'Não foi possível excluir a oferta. Tente novamente.' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.offers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.catalogue }),
        queryClient.invalidateQueries({ queryKey: otherKeys.stats }),
      ]),
  });
}
