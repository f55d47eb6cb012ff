import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';

export const profileKey = ['user', 'profile'] as const;

export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: () => api.get<Profile>('/api/user/profile'),
});

/** GET /api/user/profile: { instagram, avatar }. */
export function useProfile() {
  return useQuery(profileQuery);
}
