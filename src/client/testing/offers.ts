import type {
  AdminOfferCard,
  OfferCard,
  OfferDetail,
  OfferPage,
  UserOffer,
} from '../../shared/schemas/offers';

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
    momentum: 'estavel',
    growth7d: { ads: 0, percent: 0 },
    firstSeen: '2025-03-05',
    lastSeen: '2025-03-05',
    spark: [...Array(29).fill(null), 10],
    membersSayInactive: false,
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

/** A catalogue offer as the administrator's list shows it: the admin's own, with its members' status votes. */
export function makeAdminOffer(overrides: Partial<AdminOfferCard> = {}): AdminOfferCard {
  return {
    ...makeOffer({
      userId: 'admin',
      ads: 150,
      links: { criativo: null, biblioteca: null, site: 'https://site.com', anunciante: null },
    }),
    statusReports: { ativo: 7, inativo: 2 },
    ...overrides,
  };
}

/** The administrator's offer opened in detail. */
export function makeOfferDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  return makeDetail({
    ...makeAdminOffer(),
    userName: 'Admin',
    userUniqueId: '000001',
    userInstagram: null,
    ...overrides,
  });
}

export function makeUserOffer(overrides: Partial<UserOffer> = {}): UserOffer {
  return {
    id: 'uo1',
    userId: 'u2',
    creative: '/uploads/creatives/uo1.png',
    creativeType: 'image',
    productTitle: 'Chá Secativo',
    advertiser: '',
    adText: '',
    advertiserLink: 'https://anunciante.com',
    creativeLink: 'https://criativo.com',
    libraryLink: 'https://biblioteca.com',
    siteLink: '',
    status: 'validando',
    format: 'Quiz',
    language: 'Espanhol',
    niche: 'Hot',
    ads: 40,
    roas: 2.5,
    ticket: 47,
    state: 'pendente',
    reason: null,
    isApproved: false,
    createdAt: '2025-04-01T10:00:00.000Z',
    decidedAt: null,
    approvedAt: null,
    offerId: null,
    author: { id: 'u2', name: 'João Lima', uniqueId: '654321', avatar: null, instagram: null },
    ...overrides,
  };
}
