import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => api.get<AdminStats>('/api/admin/stats'),
});

/** GET /api/admin/stats. */
export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
