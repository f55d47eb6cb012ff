import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users,
  queryFn: () => api.get<AdminUser[]>('/api/admin/users'),
});

/** GET /api/admin/users: every account (searched, sorted and filtered in the client). */
export function useAdminUsers() {
  return useQuery(adminUsersQuery);
}
