import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** DELETE /api/admin/notifications/:id: removes the notification for every user. */
export function useDeleteAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/admin/notifications/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Notificação excluída'),
    onError: (error) =>
      toast.error('Erro ao excluir notificação', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.notifications }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]);
    },
  });
}
