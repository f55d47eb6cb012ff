import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveCall } from '../../../../shared/schemas/live-calls';
import { api } from '../../../lib/api-client';
import { liveCallKeys } from './keys';

export const liveCallsQuery = queryOptions({
  queryKey: liveCallKeys.all,
  queryFn: () => api.get<LiveCall[]>('/api/live-calls'),
});

/** GET /api/live-calls: the members' list and the admin Calls tab. */
export function useLiveCalls() {
  return useQuery(liveCallsQuery);
}
