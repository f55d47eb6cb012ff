import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** POST /api/admin/readiness/test-email: a real mail to ADMIN_EMAIL; the server's answer (or its SMTP reason) toasts. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => api.post<MessageBody>('/api/admin/readiness/test-email'),
    onSuccess: (data) => toast.success(data.message),
    onError: (error) =>
      toast.error('E-mail de teste não enviado', {
        description: errorMessage(error, 'Não foi possível enviar o e-mail de teste.'),
      }),
  });
}
