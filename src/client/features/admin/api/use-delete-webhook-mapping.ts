import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** DELETE /api/admin/webhook-mappings/:id. */
export function useDeleteWebhookMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<MessageBody>(`/api/admin/webhook-mappings/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Mapeamento excluído com sucesso!'),
    onError: (error) =>
      toast.error('Erro ao excluir mapeamento', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhookMappings }),
  });
}
