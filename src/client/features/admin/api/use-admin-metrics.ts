import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMetrics, MetricsInterval } from '../../../../shared/schemas/admin-metrics';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/metrics for São Paulo days `from`..`to` (both included). */
export function useAdminMetrics(from: string, to: string, interval: MetricsInterval) {
  return useQuery({
    queryKey: adminKeys.metrics(from, to, interval),
    queryFn: () =>
      api.get<AdminMetrics>(`/api/admin/metrics?${new URLSearchParams({ from, to, interval }).toString()}`),
    placeholderData: keepPreviousData,
  });
}
