import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LikesTotal } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';

export const likesQuery = queryOptions({
  queryKey: ['user', 'likes'] as const,
  queryFn: () => api.get<LikesTotal>('/api/user/likes'),
});

/** GET /api/user/likes: total likes received on the member's posts and offers. */
export function useLikes() {
  return useQuery(likesQuery);
}
