import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNotification, CreateNotificationInput } from '../../../../shared/schemas/notifications';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** POST /api/admin/notifications: sends a notification to every user. */
export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateNotificationInput) =>
      api.post<AdminNotification>('/api/admin/notifications', input),
    onSuccess: () =>
      toast.success('Notificação criada', {
        description: 'A notificação foi enviada para todos os usuários.',
      }),
    onError: (error) =>
      toast.error('Erro ao criar notificação', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.notifications }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        // The administrator is a user too: their own bell picks it up.
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]);
    },
  });
}
