import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookMappingInput } from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** POST /api/admin/webhook-mappings. */
export function useCreateWebhookMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookMappingInput) => api.post<unknown>('/api/admin/webhook-mappings', input),
    onSuccess: () => toast.success('Mapeamento criado com sucesso!'),
    onError: (error) =>
      toast.error('Erro ao criar mapeamento', {
        description: errorMessage(error, 'Erro interno do servidor'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhookMappings }),
  });
}
