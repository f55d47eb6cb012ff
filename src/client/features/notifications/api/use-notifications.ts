import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberNotification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_POLL_MS, notificationKeys } from './keys';

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: () => api.get<MemberNotification[]>('/api/notifications'),
  refetchInterval: NOTIFICATIONS_POLL_MS,
});

/** GET /api/notifications, polled every 30 s. */
export function useNotifications() {
  return useQuery(notificationsQuery);
}
