import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UpdateUserStatusInput } from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

type Status = UpdateUserStatusInput['status'];

/** PATCH /api/admin/users/:id/status: cancel (ends the user's sessions) or reactivate. */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: Status }) =>
      api.patch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: (_data, { status }) => {
      toast.success(status === 'Cancelado' ? 'Usuário cancelado' : 'Usuário reativado');
    },
    onError: (error) =>
      toast.error('Erro ao alterar status', {
        description: errorMessage(error, 'Não foi possível alterar o status do usuário.'),
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      ]);
    },
  });
}
