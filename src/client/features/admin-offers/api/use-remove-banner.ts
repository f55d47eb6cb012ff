import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/** DELETE /api/admin/banners/:id: no banner shows until a new one is saved. */
export function useRemoveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/admin/banners/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Banner removido'),
    onError: (error) =>
      toast.error('Erro ao remover banner', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.banners }),
        queryClient.invalidateQueries({ queryKey: otherKeys.activeBanner }),
      ]),
  });
}
