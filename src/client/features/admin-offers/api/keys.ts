import type { ADMIN_OFFER_SORTS } from '../../../../shared/schemas/offers';

export type AdminOfferSort = (typeof ADMIN_OFFER_SORTS)[number];

export const adminOfferKeys = {
  offers: ['admin', 'offers'] as const,
  offerList: (sort: AdminOfferSort) => ['admin', 'offers', 'list', sort] as const,
  offer: (id: string) => ['admin', 'offers', 'detail', id] as const,
  userOffers: ['admin', 'user-offers'] as const,
  userOffer: (id: string) => ['admin', 'user-offers', 'detail', id] as const,
  banners: ['admin', 'banners'] as const,
};

/**
 * Caches other screens own, refreshed after the administrator changes offers or the banner
 * (after changes, /api/offers and /api/admin/offers are refreshed). Named by key, not imported.
 */
export const otherKeys = {
  catalogue: ['offers'] as const,
  activeBanner: ['banners', 'active'] as const,
  stats: ['admin', 'stats'] as const,
  adHistory: ['ad-history'] as const,
};

export const ADMIN_OFFERS_PAGE_SIZE = 24;
