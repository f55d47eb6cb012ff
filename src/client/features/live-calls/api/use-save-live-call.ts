import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveCall, LiveCallData } from '../../../../shared/schemas/live-calls';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminStatsKey, liveCallKeys } from './keys';

/** POST /api/live-calls (no id) or PUT /api/live-calls/{id}: the admin form, with a toast on success and failure. */
export function useSaveLiveCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: LiveCallData }) =>
      id
        ? api.put<LiveCall>(`/api/live-calls/${encodeURIComponent(id)}`, data)
        : api.post<LiveCall>('/api/live-calls', data),
    onSuccess: (_call, { id }) => toast.success(id ? 'Call atualizada' : 'Call criada'),
    onError: (error, { id }) =>
      toast.error(id ? 'Erro ao atualizar call' : 'Erro ao criar call', {
        description: errorMessage(error, 'Tente novamente.'),
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: liveCallKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminStatsKey }),
      ]);
    },
  });
}
