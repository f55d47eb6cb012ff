import { useInfiniteQuery } from '@tanstack/react-query';
import { WEBHOOK_EVENTS_PAGE, type WebhookEvent } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/**
 * GET /api/admin/webhook-events: the history of received (and test) webhooks, newest first, a page at a time
 * ('Carregar mais': the next page starts before the last event shown).
 */
export function useWebhookEvents() {
  return useInfiniteQuery({
    queryKey: adminKeys.webhookEvents,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(WEBHOOK_EVENTS_PAGE) });
      if (pageParam) params.set('before', pageParam);
      return api.get<WebhookEvent[]>(`/api/admin/webhook-events?${params}`);
    },
    getNextPageParam: (last: WebhookEvent[]) =>
      last.length === WEBHOOK_EVENTS_PAGE ? (last.at(-1)?.id ?? null) : null,
  });
}
