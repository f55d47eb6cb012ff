import { useQuery } from '@tanstack/react-query';
import type { ClubInfo } from '../../../../shared/schemas/club';
import { api } from '../../../lib/api-client';

export const clubKeys = { info: ['club'] as const };

/** GET /api/club: the plans and prices the club sells (from the server's configuration). */
export function useClubPlans() {
  return useQuery({
    queryKey: clubKeys.info,
    queryFn: () => api.get<ClubInfo>('/api/club'),
    staleTime: 10 * 60 * 1000,
  });
}
