import { useMutation } from '@tanstack/react-query';
import type { MessageWithCount } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** POST /api/admin/logout-all-users: ends every session but this one; only active-plan users can sign in again. */
export function useLogoutAllUsers() {
  return useMutation({
    mutationFn: () => api.post<MessageWithCount>('/api/admin/logout-all-users'),
    onSuccess: (data) => toast.success(data.message),
    onError: (error) =>
      toast.error('Erro no logout global', { description: errorMessage(error, 'Tente novamente.') }),
  });
}
