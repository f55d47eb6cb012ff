import { useQuery } from '@tanstack/react-query';
import type { adminBanners } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

export type AdminBanners = z.infer<typeof adminBanners>;

/** GET /api/admin/banners: whether a banner is active, and which. */
export function useAdminBanners() {
  return useQuery({
    queryKey: adminOfferKeys.banners,
    queryFn: () => api.get<AdminBanners>('/api/admin/banners'),
  });
}
