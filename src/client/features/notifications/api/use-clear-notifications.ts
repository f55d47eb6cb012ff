import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageWithCount } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { notificationKeys } from './keys';

/** DELETE /api/notifications: 'Limpar todas' removes every notification from this member's list. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<MessageWithCount>('/api/notifications'),
    onSuccess: () => toast.success('Notificações removidas'),
    onError: (error) =>
      toast.error('Erro ao limpar notificações', {
        description: errorMessage(error, 'Tente novamente.'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
