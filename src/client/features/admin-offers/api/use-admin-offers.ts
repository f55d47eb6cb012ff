import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOfferPage } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { ADMIN_OFFERS_PAGE_SIZE, type AdminOfferSort, adminOfferKeys } from './keys';

export const adminOffersPath = (sort: AdminOfferSort, page: number) =>
  `/api/admin/offers?sort=${sort}&page=${page}&pageSize=${ADMIN_OFFERS_PAGE_SIZE}`;

export const adminOffersQuery = (sort: AdminOfferSort) =>
  infiniteQueryOptions({
    queryKey: adminOfferKeys.offerList(sort),
    queryFn: ({ pageParam }) => api.get<AdminOfferPage>(adminOffersPath(sort, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last: AdminOfferPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });

/** GET /api/admin/offers: every offer, hidden ones included, with report counts; 'Carregar mais' pages. */
export function useAdminOffers(sort: AdminOfferSort) {
  return useInfiniteQuery(adminOffersQuery(sort));
}
