import { useQuery } from '@tanstack/react-query';
import type { AdminBanners } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

/** GET /api/admin/banners: whether a banner is active, and which. */
export function useAdminBanners() {
  return useQuery({
    queryKey: adminOfferKeys.banners,
    queryFn: () => api.get<AdminBanners>('/api/admin/banners'),
  });
}
