import { useQuery } from '@tanstack/react-query';
import type { ActiveBanner } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { BANNER_STALE_MS } from './keys';

/** The query key of the active banner (the admin panel invalidates the same key). */
export const activeBannerKey = ['banners', 'active'] as const;

export const fetchActiveBanner = () => api.get<ActiveBanner>('/api/banners/active');

/** GET /api/banners/active: the one promotional banner (or none), cached 60 s. */
export function useActiveBanner() {
  return useQuery({ queryKey: activeBannerKey, queryFn: fetchActiveBanner, staleTime: BANNER_STALE_MS });
}
