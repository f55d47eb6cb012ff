import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { notificationKeys } from './keys';

/** DELETE /api/notifications/:id (removes it from this member's list only). */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/notifications/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Notificação removida'),
    onError: (error) =>
      toast.error('Erro ao remover notificação', {
        description: errorMessage(error, 'Tente novamente.'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
