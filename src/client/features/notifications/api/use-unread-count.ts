import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_POLL_MS, notificationKeys } from './keys';

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: () => api.get<UnreadCount>('/api/notifications/unread-count'),
  refetchInterval: NOTIFICATIONS_POLL_MS,
});

/** GET /api/notifications/unread-count, polled every 30 s; not asked while `enabled` is false. */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery, enabled });
}
