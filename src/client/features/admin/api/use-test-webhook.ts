import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TEST_WEBHOOK_EVENTS,
  TestWebhookInput,
  TestWebhookResult,
} from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

export type TestWebhookEvent = (typeof TEST_WEBHOOK_EVENTS)[number];

/** POST /api/admin/test-webhook: runs a simulated event through the real handler. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestWebhookInput) => api.post<TestWebhookResult>('/api/admin/test-webhook', input),
    onSuccess: (data) => toast.success(data.message, { description: data.outcome }),
    onError: (error) =>
      toast.error('Erro no teste', { description: errorMessage(error, 'Falha ao enviar webhook de teste') }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.webhookEvents }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
      ]);
    },
  });
}
