import { useQuery } from '@tanstack/react-query';
import type { activeBanner } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';
import { BANNER_STALE_MS } from './keys';

export type ActiveBanner = z.infer<typeof activeBanner>;

/** GET /api/banners/active: the one promotional banner (or none), cached 60 s. */
export function useActiveBanner() {
  return useQuery({
    queryKey: ['banners', 'active'] as const,
    queryFn: () => api.get<ActiveBanner>('/api/banners/active'),
    staleTime: BANNER_STALE_MS,
  });
}
