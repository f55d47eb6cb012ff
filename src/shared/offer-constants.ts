/**
 * The catalogue's enumerations, labels and limits, without Zod: screens that only show offers import these
 * (keeping Zod out of the catalogue's first load); src/shared/schemas/offers.ts re-exports them for the schemas.
 */
// ---- Canonical enumerations (spec 01 §3, §5, §9; spec 02 §5). One list; screens use the subsets below.
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
export const NICHES_SUBMISSION_FORM: OfferNiche[] = [
  'Renda Extra',
  'Sexualidade',
  'Espiritualidade',
  'Emagrecimento',
  'Saúde',
  'Hot',
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
export const ADMIN_OFFER_SORTS = ['default', 'most-inactive', 'most-active'] as const;
/** Ads tiers for card colours: under 50, 50-99, 100-199, 200+. */
export const ADS_TIERS = [50, 100, 200] as const;

export const CREATIVE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** The favourite already exists: the client shows 'Já está nos favoritos' for a body containing 23505. */
export const FAVORITE_EXISTS_CODE = '23505';
