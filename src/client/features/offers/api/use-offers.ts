import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CATALOGUE_FILTER_PARAMS } from '../../../../shared/first-screen';
import type { OfferPage } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { OFFERS_PAGE_SIZE, OFFERS_STALE_MS, type OfferFilters, offerKeys } from './keys';

/** GET /api/offers path for one page: empty filters are left out, the order is fixed. */
export function offersPath(params: Partial<OfferFilters> & { favorites?: boolean; page: number }) {
  const query = new URLSearchParams();
  for (const key of CATALOGUE_FILTER_PARAMS) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  if (params.favorites) query.set('favorites', '1');
  query.set('page', String(params.page));
  query.set('pageSize', String(OFFERS_PAGE_SIZE));
  return `/api/offers?${query}`;
}

function nextPage(last: OfferPage) {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** GET /api/offers: the catalogue, filtered and sorted on the server, 24 cards a page ('Carregar mais'). */
export function useOffers(filters: OfferFilters) {
  return useInfiniteQuery({
    queryKey: offerKeys.catalogue(filters),
    queryFn: ({ pageParam }) => api.get<OfferPage>(offersPath({ ...filters, page: pageParam })),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: OFFERS_STALE_MS,
    // A new filter keeps the current cards on screen (dimmed) until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/offers?favorites=1: the member's favourites, newest first, paged like the catalogue. */
export function useFavoriteOffers() {
  return useInfiniteQuery({
    queryKey: offerKeys.favorites,
    queryFn: ({ pageParam }) => api.get<OfferPage>(offersPath({ favorites: true, page: pageParam })),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: OFFERS_STALE_MS,
  });
}
