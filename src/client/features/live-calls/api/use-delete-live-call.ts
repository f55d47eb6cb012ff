import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminStatsKey, liveCallKeys } from './keys';

/** DELETE /api/live-calls/{id} (after the confirmation). */
export function useDeleteLiveCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/live-calls/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Call excluída'),
    onError: (error) =>
      toast.error('Erro ao excluir call', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: liveCallKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminStatsKey }),
      ]);
    },
  });
}
