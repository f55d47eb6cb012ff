import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage, AdminUsersQuery } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The GET path of one page of the Usuários tab (empty filters left out, a fixed order). */
export function adminUsersPath(query: AdminUsersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/admin/users?${params}`;
}

/** GET /api/admin/users: a page of accounts, searched, filtered and sorted by the server. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: [...adminKeys.users, query],
    queryFn: () => api.get<AdminUserPage>(adminUsersPath(query)),
    // A new search or page keeps the current rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}
