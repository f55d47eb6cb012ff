import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEvent } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const webhookEventsQuery = queryOptions({
  queryKey: adminKeys.webhookEvents,
  queryFn: () => api.get<WebhookEvent[]>('/api/admin/webhook-events'),
});

/** GET /api/admin/webhook-events: the history of received (and test) webhooks. */
export function useWebhookEvents() {
  return useQuery(webhookEventsQuery);
}
