/**
 * The catalogue's enumerations, labels and limits, without Zod: screens that only show offers import these
 * (keeping Zod out of the catalogue's first load); src/shared/schemas/offers.ts re-exports them for the schemas.
 */
// ---- Canonical enumerations (statuses, formats, languages, niches). One list; screens use the subsets below.
export const OFFER_STATUSES = ['validando', 'pre-escala', 'escalando'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  validando: 'Validando',
  'pre-escala': 'Pré-Escala',
  escalando: 'Escalando',
};

export const OFFER_FORMATS = ['VSL', 'Typebot', 'WhatsApp', 'Quiz', 'Página de Vendas'] as const;
export const OFFER_LANGUAGES = ['Português', 'Inglês', 'Espanhol'] as const;

/**
 * Every niche any screen of the spec lists. 'Nicho Hot' (submission/admin forms) and 'Hot' (scaled-offer form)
 * are one niche, stored as 'Hot' (input 'Nicho Hot' is accepted and normalised).
 */
export const OFFER_NICHES = [
  'Emagrecimento',
  'Espiritualidade',
  'Sexualidade',
  'Renda Extra',
  'Hot',
  'Saúde',
  'Fitness',
  'Investimentos',
  'Beleza',
  'Desenvolvimento Pessoal',
  'Outros',
] as const;
export type OfferNiche = (typeof OFFER_NICHES)[number];
/** Per-screen subsets the spec gives. */
export const NICHES_SCALED_OFFER_FORM: OfferNiche[] = [
  'Sexualidade',
  'Espiritualidade',
  'Hot',
  'Outros',
  'Emagrecimento',
  'Renda Extra',
];
/**
 * The spec's submission list, with every other niche the catalogue filters by before 'Outros': a member submits
 * under the niche members will look for (issue #41).
 */
export const NICHES_SUBMISSION_FORM: OfferNiche[] = [
  'Renda Extra',
  'Sexualidade',
  'Espiritualidade',
  'Emagrecimento',
  'Saúde',
  'Hot',
  'Fitness',
  'Beleza',
  'Investimentos',
  'Desenvolvimento Pessoal',
  'Outros',
];
export const nicheLabel = (niche: string, screen: 'submission' | 'default' = 'default') =>
  niche === 'Hot' && screen === 'submission' ? 'Nicho Hot' : niche;

export const TICKET_RANGES = ['ate-50', '50-100', '100-200', '200-500', 'acima-500'] as const;
export const TICKET_RANGE_LABELS: Record<(typeof TICKET_RANGES)[number], string> = {
  'ate-50': 'Até R$ 50',
  '50-100': 'R$ 50 a R$ 100',
  '100-200': 'R$ 100 a R$ 200',
  '200-500': 'R$ 200 a R$ 500',
  'acima-500': 'Acima de R$ 500',
};
export const OFFER_SORTS = ['recent', 'oldest', 'likes', 'roas', 'ads'] as const;
export const OFFER_SORT_LABELS: Record<(typeof OFFER_SORTS)[number], string> = {
  recent: 'Mais recentes',
  oldest: 'Mais antigas',
  likes: 'Mais curtidas',
  roas: 'Maior ROAS',
  ads: 'Mais anúncios',
};
/** What the API sorts by: the screen's sorts, and the 7-day growth in ads (then newest). */
export const CATALOGUE_SORTS = [...OFFER_SORTS, 'growth'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const GROWTH_SORT_LABEL = 'Maior crescimento (7 dias)';

/**
 * An offer's momentum, computed by the server from its ad-count history (modules/offers/momentum.ts): the ids
 * the API and the catalogue filter use, and their labels. One table.
 */
export const OFFER_MOMENTUMS = ['escalando', 'estavel', 'esfriando', 'novo'] as const;
export type OfferMomentum = (typeof OFFER_MOMENTUMS)[number];
export const OFFER_MOMENTUM_LABELS: Record<OfferMomentum, string> = {
  escalando: 'Escalando',
  estavel: 'Estável',
  esfriando: 'Esfriando',
  novo: 'Novo',
};
/** The ad-history windows the API answers (`?days=`): the card sparkline reads 30, the detail chart 30 and 90. */
export const AD_HISTORY_WINDOWS = ['30', '90', '365'] as const;
/** The days of a card's sparkline: today and the 29 before. */
export const SPARKLINE_DAYS = 30;

export const ADMIN_OFFER_SORTS = ['default', 'most-inactive', 'most-active'] as const;
/** Ads tiers for card colours: under 50, 50-99, 100-199, 200+. */
export const ADS_TIERS = [50, 100, 200] as const;

export const CREATIVE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** The favourite already exists: the client shows 'Já está nos favoritos' for a body containing 23505. */
export const FAVORITE_EXISTS_CODE = '23505';

// ---- Members' submissions (Subir Oferta) and their review
/** A submission waits ('pendente'), became a catalogue offer ('aprovada') or was refused ('recusada'). */
export const USER_OFFER_STATES = ['pendente', 'aprovada', 'recusada'] as const;
export type UserOfferState = (typeof USER_OFFER_STATES)[number];
/** Points the submitter earns when the administrator approves the offer: 10 points per approval. */
export const APPROVAL_POINTS = 10;
export const SUBMISSION_ADVERTISER_MAX = 200;
export const SUBMISSION_AD_TEXT_MAX = 5000;
export const REFUSAL_REASON_MAX = 500;
/** 'Minhas ofertas' lists this many of the member's newest submissions at most. */
export const MY_SUBMISSIONS_LIMIT = 100;
