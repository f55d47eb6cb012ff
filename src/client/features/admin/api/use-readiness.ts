import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReadiness } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const readinessQuery = queryOptions({
  queryKey: adminKeys.readiness,
  queryFn: () => api.get<AdminReadiness>('/api/admin/readiness'),
});

/** GET /api/admin/readiness: the items of `npm run doctor`. */
export function useReadiness() {
  return useQuery(readinessQuery);
}
