import { useQuery } from '@tanstack/react-query';
import type { activeBanner } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';
import { BANNER_STALE_MS } from './keys';

export type ActiveBanner = z.infer<typeof activeBanner>;

/** The query key of the active banner (the admin panel invalidates the same key). */
export const activeBannerKey = ['banners', 'active'] as const;

export const fetchActiveBanner = () => api.get<ActiveBanner>('/api/banners/active');

/** GET /api/banners/active: the one promotional banner (or none), cached 60 s. */
export function useActiveBanner() {
  return useQuery({ queryKey: activeBannerKey, queryFn: fetchActiveBanner, staleTime: BANNER_STALE_MS });
}
