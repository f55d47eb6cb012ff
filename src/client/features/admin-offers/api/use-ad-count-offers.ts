import { useQuery } from '@tanstack/react-query';
import type { AdminOfferCard, AdminOfferPage } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

const PAGE_SIZE = 100;

/** Every visible offer (GET /api/admin/offers, all its pages): the rows of the daily ad-count screen. */
export function useAdCountOffers() {
  return useQuery({
    queryKey: [...adminOfferKeys.offers, 'ad-counts'] as const,
    queryFn: async (): Promise<AdminOfferCard[]> => {
      const offers: AdminOfferCard[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<AdminOfferPage>(
          `/api/admin/offers?sort=default&page=${page}&pageSize=${PAGE_SIZE}`,
        );
        offers.push(...answer.items);
        if (answer.items.length === 0 || page * answer.pageSize >= answer.total) break;
      }
      return offers.filter((offer) => offer.visible);
    },
  });
}
