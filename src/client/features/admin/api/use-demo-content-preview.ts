import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoContentCounts } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const demoContentQuery = queryOptions({
  queryKey: adminKeys.demoContent,
  queryFn: () => api.get<DemoContentCounts>('/api/admin/demo-content'),
  // Always what a removal would delete now (a real member may have commented since).
  staleTime: 0,
  gcTime: 0,
});

/** GET /api/admin/demo-content, while `enabled` (the confirmation is open): what the removal would delete. */
export function useDemoContentPreview(enabled: boolean) {
  return useQuery({ ...demoContentQuery, enabled });
}
