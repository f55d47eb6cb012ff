import { useQuery } from '@tanstack/react-query';
import type { Membership } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';

/** GET /api/user/membership: the member's plan, since when, last payment and next charge. */
export function useMembership() {
  return useQuery({
    queryKey: ['user', 'membership'] as const,
    queryFn: () => api.get<Membership>('/api/user/membership'),
  });
}
