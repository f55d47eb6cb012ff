import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhookMapping, WebhookMappingInput } from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/** POST /api/admin/webhook-mappings. */
export function useCreateWebhookMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookMappingInput) =>
      api.post<CreatedWebhookMapping>('/api/admin/webhook-mappings', input),
    onSuccess: ({ updatedPurchases: n }) =>
      toast.success('Mapeamento criado com sucesso!', {
        description:
          n === 0
            ? undefined
            : `${n === 1 ? '1 compra anterior deste produto passou' : `${n} compras anteriores deste produto passaram`} para o plano do mapeamento.`,
      }),
    onError: (error) =>
      toast.error('Erro ao criar mapeamento', {
        description: errorMessage(error, 'Erro interno do servidor'),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.webhookMappings }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
      ]),
  });
}
