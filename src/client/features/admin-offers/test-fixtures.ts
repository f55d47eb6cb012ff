import type { CurrentUser } from '../../../shared/schemas/auth';
import type { AdminOfferCard, OfferDetail, UserOffer } from '../../../shared/schemas/offers';

/** Test fixtures shaped like the API contract (src/shared/schemas/offers.ts). */
export function makeAdminOffer(overrides: Partial<AdminOfferCard> = {}): AdminOfferCard {
  return {
    id: 'o1',
    userId: 'admin',
    advertiser: 'Loja Exemplo',
    creative: '/uploads/creatives/o1.png',
    creativeType: 'image',
    adText: 'Texto do anúncio',
    productTitle: 'Método Emagrecer Já',
    status: 'escalando',
    niche: 'Emagrecimento',
    format: 'VSL',
    language: 'Português',
    ads: 150,
    roas: 3.2,
    ticket: 97.4,
    links: { criativo: null, biblioteca: null, site: 'https://site.com', anunciante: null },
    visible: true,
    createdAt: '2025-03-05T12:00:00.000Z',
    updatedAt: '2025-03-05T12:00:00.000Z',
    likeCount: 4,
    likedByMe: false,
    favoritedByMe: false,
    statusReports: { ativo: 7, inativo: 2 },
    ...overrides,
  };
}

export function makeOfferDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  const { statusReports, ...card } = makeAdminOffer();
  return {
    ...card,
    statusReports,
    userName: 'Admin',
    userUniqueId: '000001',
    userAvatar: null,
    userInstagram: null,
    myReport: null,
    ...overrides,
  };
}

export function makeUserOffer(overrides: Partial<UserOffer> = {}): UserOffer {
  return {
    id: 'uo1',
    userId: 'u2',
    creative: '/uploads/creatives/uo1.png',
    creativeType: 'image',
    productTitle: 'Chá Secativo',
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
    isApproved: false,
    createdAt: '2025-04-01T10:00:00.000Z',
    approvedAt: null,
    author: { id: 'u2', name: 'João Lima', uniqueId: '654321', avatar: null, instagram: null },
    ...overrides,
  };
}

export function makeUser(isAdmin: boolean): CurrentUser {
  return {
    id: isAdmin ? 'admin' : 'u1',
    name: isAdmin ? 'Administrador' : 'Maria',
    email: isAdmin ? 'admin@exemplo.com' : 'maria@exemplo.com',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: null,
    planType: 'Mentoria Mensal',
    uniqueId: '123456',
    status: 'Ativo',
    emailVerified: true,
    isAdmin,
    balance: 0,
    points: 0,
  };
}
