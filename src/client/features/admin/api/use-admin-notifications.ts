import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNotification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminNotificationsQuery = queryOptions({
  queryKey: adminKeys.notifications,
  queryFn: () => api.get<AdminNotification[]>('/api/admin/notifications'),
});

/** GET /api/admin/notifications: the history of notifications sent, with recipient counts. */
export function useAdminNotifications() {
  return useQuery(adminNotificationsQuery);
}
