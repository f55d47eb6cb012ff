import type { OfferCard, OfferDetail, OfferPage } from '../../../shared/schemas/offers';

/** Test fixtures shaped like the API contract (src/shared/schemas/offers.ts). */
export function makeOffer(overrides: Partial<OfferCard> = {}): OfferCard {
  return {
    id: 'o1',
    userId: 'u1',
    advertiser: 'Loja Exemplo',
    creative: '/uploads/creatives/o1.png',
    creativeType: 'image',
    adText: 'Texto do anúncio',
    productTitle: 'Método Emagrecer Já',
    status: 'escalando',
    niche: 'Emagrecimento',
    format: 'VSL',
    language: 'Português',
    ads: 10,
    roas: 3.2,
    ticket: 97.4,
    links: { criativo: null, biblioteca: null, site: null, anunciante: null },
    visible: true,
    createdAt: '2025-03-05T12:00:00.000Z',
    updatedAt: '2025-03-05T12:00:00.000Z',
    likeCount: 4,
    likedByMe: false,
    favoritedByMe: false,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  return {
    ...makeOffer(),
    userName: 'Maria Souza',
    userUniqueId: '123456',
    userAvatar: null,
    userInstagram: 'maria.ads',
    statusReports: { ativo: 5, inativo: 2 },
    myReport: null,
    ...overrides,
  };
}

export function makePage(
  items: OfferCard[],
  { total = items.length, page = 1, pageSize = 24 } = {},
): OfferPage {
  return { items, total, page, pageSize };
}
