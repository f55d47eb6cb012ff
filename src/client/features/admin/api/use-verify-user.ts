import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** PATCH /api/admin/users/:id/verify: the administrator approves an unverified account. */
export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.patch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/verify`, { emailVerified: true }),
    onSuccess: () => toast.success('Usuário aprovado'),
    onError: (error) =>
      toast.error('Erro ao aprovar usuário', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      ]);
    },
  });
}
