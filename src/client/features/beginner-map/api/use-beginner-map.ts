import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeginnerMap } from '../../../../shared/schemas/beginner-map';
import { api } from '../../../lib/api-client';
import { beginnerMapKeys } from './keys';

export const beginnerMapQuery = queryOptions({
  queryKey: beginnerMapKeys.all,
  queryFn: () => api.get<BeginnerMap>('/api/beginner-map'),
});

/** GET /api/beginner-map: the steps and lessons with the member's progress (the member tab and the admin tab). */
export function useBeginnerMap() {
  return useQuery(beginnerMapQuery);
}
