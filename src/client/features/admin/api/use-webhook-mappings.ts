import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookMapping } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const webhookMappingsQuery = queryOptions({
  queryKey: adminKeys.webhookMappings,
  queryFn: () => api.get<WebhookMapping[]>('/api/admin/webhook-mappings'),
});

/** GET /api/admin/webhook-mappings: product id (and optional offer id) to plan. */
export function useWebhookMappings() {
  return useQuery(webhookMappingsQuery);
}
