import type { OfferListQuery } from '../../../../shared/schemas/offers';

/** Catalogue filters the screen sends (paging is added per page). */
export type OfferFilters = Pick<
  OfferListQuery,
  'search' | 'status' | 'niche' | 'format' | 'language' | 'ticket' | 'momentum'
> & {
  sort: NonNullable<OfferListQuery['sort']>;
};

/**
 * Query keys of the member catalogue. Everything under ['offers'] holds offer cards (catalogue pages,
 * favourites pages, details), so a like or favourite patches them all in one pass (offer-cache.ts).
 */
export const offerKeys = {
  all: ['offers'] as const,
  catalogue: (filters: OfferFilters) => ['offers', 'catalogue', filters] as const,
  favorites: ['offers', 'favorites'] as const,
  detail: (id: string) => ['offers', 'detail', id] as const,
};

/** Offers and favourites cached 30 s, the banner 60 s. */
export const OFFERS_STALE_MS = 30_000;
export const BANNER_STALE_MS = 60_000;
/** Divisible by 4, 3 and 2: every grid row is full until the last page. */
export const OFFERS_PAGE_SIZE = 24;
