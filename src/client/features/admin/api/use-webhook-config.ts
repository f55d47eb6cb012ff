import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookConfig } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const webhookConfigQuery = queryOptions({
  queryKey: adminKeys.webhookConfig,
  queryFn: () => api.get<WebhookConfig>('/api/admin/webhook-config'),
});

/** GET /api/admin/webhook-config: the receiving URL and whether the token is set. */
export function useWebhookConfig() {
  return useQuery(webhookConfigQuery);
}
