import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from '../http-url';
import {
  AD_HISTORY_WINDOWS,
  ADMIN_OFFER_SORTS,
  CATALOGUE_SORTS,
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_MOMENTUMS,
  OFFER_NICHES,
  OFFER_STATUSES,
  REFUSAL_REASON_MAX,
  SUBMISSION_AD_TEXT_MAX,
  SUBMISSION_ADVERTISER_MAX,
  TICKET_RANGES,
  USER_OFFER_STATES,
} from '../offer-constants';
import { saoPauloDay } from '../sao-paulo-day';
import type { NumberKind } from '../typed-number';
import { typedNumberInput } from './typed-number';
import { z } from './zod';

export * from '../offer-constants';

const nicheInput = z
  .string({ message: 'Nicho é obrigatório' })
  .transform((v) => (v === 'Nicho Hot' ? 'Hot' : v))
  .pipe(z.enum(OFFER_NICHES, { message: 'Nicho é obrigatório' }));

/**
 * The offer metrics (numbers at least 0, 0 when empty): a JSON number as it is, text read the
 * Brazilian way ('147,90', '1.234'), anything unreadable refused with the field's message, never 0.
 */
const METRIC_MAX = 1_000_000_000;
const metric = (kind: NumberKind, message: string, integerMessage?: string) => {
  let number = z.number({ message }).min(0, { message }).max(METRIC_MAX, { message });
  if (integerMessage) number = number.int({ message: integerMessage });
  return typedNumberInput(kind, { message, blank: 0, integerMessage }, number);
};

/**
 * A submission's link (must be a valid URL: one message for absent, empty or wrong): an http(s) URL by the
 * app's one URL rule. `orEmpty` lets '' through (stored as ''), for the administrator's edit of a submission.
 */
const submissionLink = (message: string, orEmpty = false) =>
  z
    .string({ message })
    .trim()
    .max(HTTP_URL_MAX_LENGTH, { message })
    .refine((v) => (orEmpty && v === '') || parseHttpUrl(v) !== null, { message });

const SUBMISSION_LINK_MESSAGES = {
  advertiserLink: 'Link do anunciante deve ser uma URL válida',
  creativeLink: 'Link do criativo deve ser uma URL válida',
  libraryLink: 'Link da biblioteca deve ser uma URL válida',
  siteLink: 'Link do site deve ser uma URL válida',
} as const;
const submissionLinks = (orEmpty: boolean) =>
  z.object({
    advertiserLink: submissionLink(SUBMISSION_LINK_MESSAGES.advertiserLink, orEmpty),
    creativeLink: submissionLink(SUBMISSION_LINK_MESSAGES.creativeLink, orEmpty),
    libraryLink: submissionLink(SUBMISSION_LINK_MESSAGES.libraryLink, orEmpty),
    siteLink: submissionLink(SUBMISSION_LINK_MESSAGES.siteLink, orEmpty),
  });
/** The four links where '' is allowed: the administrator edits submissions sent before they were required. */
export const submissionLinksOrEmpty = submissionLinks(true);

export const offerLinks = z.object({
  criativo: z.string().nullable(),
  biblioteca: z.string().nullable(),
  site: z.string().nullable(),
  anunciante: z.string().nullable(),
});
export type OfferLinks = z.infer<typeof offerLinks>;

// ---- Catalogue (members)
export const offerListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(OFFER_STATUSES).optional(),
  niche: nicheInput.optional(),
  format: z.enum(OFFER_FORMATS).optional(),
  language: z.enum(OFFER_LANGUAGES).optional(),
  ticket: z.enum(TICKET_RANGES).optional(),
  /** The offer's momentum now (see OFFER_MOMENTUMS). */
  momentum: z.enum(OFFER_MOMENTUMS).optional(),
  /** 'growth': the 7-day growth in ads, then newest ('Novo' offers, without growth, after the others). */
  sort: z.enum(CATALOGUE_SORTS).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  /** Only the caller's favourites (Favoritos tab). */
  favorites: z.enum(['1', 'true']).optional(),
});
export type OfferListQuery = z.input<typeof offerListQuery>;

/** The 7-day growth: `percent` 30 means +30 %; null when the baseline was 0 and the count grew. */
export const growth7d = z.object({ ads: z.number(), percent: z.number().nullable() });
export type Growth7d = z.infer<typeof growth7d>;
/** What every card says of the offer's ad-count history (computed at read time from it). */
const momentumFields = {
  momentum: z.enum(OFFER_MOMENTUMS),
  /** Null only for 'novo'. */
  growth7d: growth7d.nullable(),
  /** 'YYYY-MM-DD' (São Paulo): the first point, or the creation day when earlier or without points. */
  firstSeen: z.string(),
  /** 'YYYY-MM-DD': the latest point (the creation day without points). */
  lastSeen: z.string(),
};

export const offerCard = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  advertiser: z.string(),
  creative: z.string().nullable(),
  creativeType: z.enum(['image', 'video']),
  adText: z.string(),
  productTitle: z.string(),
  status: z.enum(OFFER_STATUSES),
  niche: z.string(),
  format: z.string(),
  language: z.string(),
  ads: z.number(),
  roas: z.number(),
  /** Reais. */
  ticket: z.number(),
  links: offerLinks,
  visible: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likeCount: z.number(),
  likedByMe: z.boolean(),
  favoritedByMe: z.boolean(),
  ...momentumFields,
  /** The count on each of the last 30 days, oldest first (null before the first count): the card's sparkline. */
  spark: z.array(z.number().nullable()),
  /** Most of its recent voters (at least 3, votes of the last 30 days) say the offer is inactive. */
  membersSayInactive: z.boolean(),
});
export type OfferCard = z.infer<typeof offerCard>;

export const offerPage = z.object({
  items: z.array(offerCard),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OfferPage = z.infer<typeof offerPage>;

export const statusReportCounts = z.object({ ativo: z.number(), inativo: z.number() });
export const offerDetail = offerCard.extend({
  userName: z.string().nullable(),
  userUniqueId: z.string().nullable(),
  userAvatar: z.string().nullable(),
  userInstagram: z.string().nullable(),
  statusReports: statusReportCounts,
  myReport: z.enum(['ativo', 'inativo']).nullable(),
});
export type OfferDetail = z.infer<typeof offerDetail>;

/** Offer ids are text (the spec's ids, UUIDs for new ones): any non-empty id is looked up, unknown ones 404. */
export const offerIdParam = z.object({ id: z.string().min(1, { message: 'Oferta inválida.' }) });
/** DELETE /api/favorites/{offerId}. */
export const favoriteParam = z.object({ offerId: z.string().min(1) });

export const MAX_LIKE_COUNT_IDS = 500;
/** GET /api/offers/like-counts `?ids=a,b,c`: trimmed, deduplicated; absent means every visible offer. */
export const likeCountsQuery = z.object({
  ids: z
    .string()
    .max(50_000)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string()).max(MAX_LIKE_COUNT_IDS, { message: 'Envie no máximo 500 ofertas por vez.' }))
    .optional(),
});

export const reportStatusInput = z.object({
  reportedStatus: z.enum(['ativo', 'inativo'], { message: 'Escolha ativo ou inativo.' }),
});
export const userStatusReport = z.object({ reportedStatus: z.enum(['ativo', 'inativo']).nullable() });
/** POST /api/offers/{id}/report-status: the vote is stored (or changed) and the new counts come back. */
export const reportStatusResult = z.object({ message: z.string(), counts: statusReportCounts });
export type ReportStatusResult = z.infer<typeof reportStatusResult>;
export const likeCounts = z.record(z.string(), z.number());
export type LikeCounts = z.infer<typeof likeCounts>;
export const favoriteInput = z.object({
  offerId: z.string({ message: 'Oferta inválida.' }).trim().min(1, { message: 'Oferta inválida.' }).max(100),
});

// ---- Ad-count history: GET /api/offers/{id}/ad-history, POST /api/admin/offers/{id}/ad-counts
export const adHistoryQuery = z.object({
  days: z
    .enum(AD_HISTORY_WINDOWS, { message: 'Período inválido: use 30, 90 ou 365 dias.' })
    .default('90')
    .transform(Number),
});
export const adPoint = z.object({ date: z.string(), ads: z.number() });
/**
 * Points oldest first (one per São Paulo day, within the asked window: today in São Paulo and the days before it),
 * `before` the latest point before the window's first day (the count the window starts from; null without one), and
 * the card's momentum fields.
 */
export const adHistory = z.object({
  points: z.array(adPoint),
  before: adPoint.nullable(),
  ...momentumFields,
});
export type AdHistory = z.infer<typeof adHistory>;

const isCalendarDay = (v: string) => {
  const at = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
};
const AD_COUNT_POSITIVE = 'Anúncios deve ser um número positivo';
const AD_COUNT_INTEGER = 'Anúncios deve ser um número inteiro';
export const AD_COUNT_DATE_IN_FUTURE = 'A data não pode estar no futuro.';
/** A dated count the administrator enters: the day defaults to today in São Paulo, never in the future. */
export const adCountInput = z.object({
  ads: z
    .number({ message: AD_COUNT_POSITIVE })
    .min(0, { message: AD_COUNT_POSITIVE })
    .max(METRIC_MAX, { message: AD_COUNT_POSITIVE })
    .int({ message: AD_COUNT_INTEGER }),
  date: z
    .string({ message: 'Data inválida: use AAAA-MM-DD.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida: use AAAA-MM-DD.' })
    .refine(isCalendarDay, { message: 'Data inválida: use AAAA-MM-DD.' })
    .refine((v) => v <= saoPauloDay(), { message: AD_COUNT_DATE_IN_FUTURE })
    .optional(),
});
export type AdCountInput = z.input<typeof adCountInput>;

export const AD_COUNT_DATE_REQUIRED = 'Informe a data da contagem.';
export const AD_COUNT_REQUIRED = 'Informe quantos anúncios a oferta tinha nesse dia.';
/**
 * The 'Contagem retroativa' form: `adCountInput`'s own rules, with both fields required (the day is the point of
 * the dialog) and the count as typed in the number field (read the Brazilian way; unreadable text refused).
 */
export const backfillAdCountForm = z.object({
  ads: typedNumberInput(
    'integer',
    { message: AD_COUNT_POSITIVE, integerMessage: AD_COUNT_INTEGER, blank: undefined },
    z.number({ message: AD_COUNT_REQUIRED }).pipe(adCountInput.shape.ads),
  ),
  date: z
    .string({ message: AD_COUNT_DATE_REQUIRED })
    .trim()
    .min(1, { message: AD_COUNT_DATE_REQUIRED })
    .pipe(adCountInput.shape.date.unwrap()),
});
export type BackfillAdCountFormValues = z.input<typeof backfillAdCountForm>;
export type BackfillAdCount = z.output<typeof backfillAdCountForm>;

// ---- Admin scaled-offer form (/nova-oferta, /admin/editar-oferta/{id}); POST/PUT /api/offers
const required = (message: string) => z.string({ message }).trim().min(1, { message });
export const offerInput = z.object({
  productTitle: required('Título é obrigatório').pipe(
    z.string().max(200, { message: 'Título muito longo.' }),
  ),
  advertiser: required('Anunciante é obrigatório').pipe(
    z.string().max(200, { message: 'Anunciante muito longo.' }),
  ),
  adText: z.string().trim().max(5000).default(''),
  creative: z.string().trim().max(2000).nullable().optional(),
  creativeType: z.enum(['image', 'video']).default('image'),
  status: z.enum(OFFER_STATUSES, { message: 'Status é obrigatório' }),
  niche: nicheInput,
  format: z.enum(OFFER_FORMATS, { message: 'Formato é obrigatório' }),
  language: z.enum(OFFER_LANGUAGES, { message: 'Idioma é obrigatório' }),
  ads: metric('integer', 'Anúncios deve ser um número positivo', 'Anúncios deve ser um número inteiro'),
  roas: metric('decimal', 'ROAS deve ser um número positivo'),
  ticket: metric('money', 'Ticket deve ser um número positivo'),
  /** JSON text {criativo, biblioteca, site, anunciante} as the spec sends it (or the object). */
  links: z.union([z.string().max(10_000), offerLinks.partial()]).optional(),
});
export type OfferInput = z.input<typeof offerInput>;

/** The /nova-oferta form: every link and select required, numbers default 0. */
export const scaledOfferForm = z.object({
  productTitle: required('Título é obrigatório'),
  advertiserLink: required('Link do anunciante é obrigatório'),
  creativeLink: required('Link do criativo é obrigatório'),
  libraryLink: required('Link da biblioteca é obrigatório'),
  siteLink: required('Link do site é obrigatório'),
  status: z.enum(OFFER_STATUSES, { message: 'Status é obrigatório' }),
  format: z.enum(OFFER_FORMATS, { message: 'Formato é obrigatório' }),
  language: z.enum(OFFER_LANGUAGES, { message: 'Idioma é obrigatório' }),
  niche: z.enum(OFFER_NICHES, { message: 'Nicho é obrigatório' }),
  ads: metric('integer', 'Anúncios deve ser um número positivo', 'Anúncios deve ser um número inteiro'),
  roas: metric('decimal', 'ROAS deve ser um número positivo'),
  ticket: metric('money', 'Ticket deve ser um número positivo'),
});

// ---- Member submission (Subir Oferta): POST /api/user-offers (the messages are the screen's, word for word)
/**
 * The advertiser's name and the ad text, both optional: absent or blank is stored as '' (the catalogue card then
 * names the advertiser by its link). No default here: a PATCH without them leaves them as they are.
 */
const submissionTexts = z.object({
  advertiser: z
    .string({ message: 'Anunciante inválido.' })
    .trim()
    .max(SUBMISSION_ADVERTISER_MAX, {
      message: `O nome do anunciante pode ter no máximo ${SUBMISSION_ADVERTISER_MAX} caracteres.`,
    })
    .optional(),
  adText: z
    .string({ message: 'Texto do anúncio inválido.' })
    .trim()
    .max(SUBMISSION_AD_TEXT_MAX, {
      message: `O texto do anúncio pode ter no máximo ${SUBMISSION_AD_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`,
    })
    .optional(),
});
export const userOfferInput = z.object({
  creative: z
    .string({ message: 'Upload do criativo é obrigatório' })
    .trim()
    .min(1, { message: 'Upload do criativo é obrigatório' }),
  creativeType: z.enum(['image', 'video']).default('image'),
  productTitle: required('Título da oferta é obrigatório').pipe(
    z.string().max(200, { message: 'Título muito longo.' }),
  ),
  ...submissionTexts.shape,
  ...submissionLinks(false).shape,
  status: z.enum(OFFER_STATUSES, { message: 'Status é obrigatório' }),
  format: z.enum(OFFER_FORMATS, { message: 'Formato é obrigatório' }),
  language: z.enum(OFFER_LANGUAGES, { message: 'Idioma é obrigatório' }),
  niche: nicheInput,
  ads: metric(
    'integer',
    'Anúncios ativos deve ser um número positivo',
    'Anúncios ativos deve ser um número inteiro',
  ),
  roas: metric('decimal', 'ROAS deve ser um número positivo'),
  ticket: metric('money', 'Ticket médio deve ser um número positivo'),
});
export type UserOfferInput = z.input<typeof userOfferInput>;

export const userOffer = z.object({
  id: z.string(),
  userId: z.string(),
  creative: z.string().nullable(),
  creativeType: z.enum(['image', 'video']),
  productTitle: z.string(),
  advertiser: z.string(),
  adText: z.string(),
  advertiserLink: z.string(),
  creativeLink: z.string(),
  libraryLink: z.string(),
  siteLink: z.string(),
  status: z.enum(OFFER_STATUSES),
  format: z.string(),
  language: z.string(),
  niche: z.string(),
  ads: z.number(),
  roas: z.number(),
  ticket: z.number(),
  state: z.enum(USER_OFFER_STATES),
  /** The administrator's reason for a refusal, when one was given. */
  reason: z.string().nullable(),
  isApproved: z.boolean(),
  createdAt: z.string(),
  /** When the administrator approved or refused it. */
  decidedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The catalogue offer an approved submission became (null once that offer is deleted). */
  offerId: z.string().nullable(),
  author: z.object({
    id: z.string(),
    name: z.string(),
    uniqueId: z.string(),
    avatar: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
});
export type UserOffer = z.infer<typeof userOffer>;
/** GET /api/admin/user-offers: the submissions waiting for review. */
export const userOfferList = z.array(userOffer);
/** POST /api/user-offers: the submission is stored for review. */
export const userOfferSubmitted = z.object({ message: z.string(), id: z.string() });
export type UserOfferSubmitted = z.infer<typeof userOfferSubmitted>;
/** POST /api/admin/user-offers/{id}/approve: the catalogue offer it became. */
export const userOfferApproved = z.object({ message: z.string(), offerId: z.string() });
export type UserOfferApproved = z.infer<typeof userOfferApproved>;
/** PATCH /api/admin/user-offers/{id}: every field optional; a link may be cleared (''). */
export const userOfferPatch = userOfferInput.extend(submissionLinksOrEmpty.shape).partial();

/** GET /api/user-offers/mine: the member's own submissions, newest first, with the review's outcome. */
export const myUserOffer = z.object({
  id: z.string(),
  productTitle: z.string(),
  state: z.enum(USER_OFFER_STATES),
  /** A refusal's reason, when the administrator gave one. */
  reason: z.string().optional(),
  createdAt: z.string(),
  /** When it was approved or refused. */
  decidedAt: z.string().optional(),
  /** The catalogue offer an approved submission became (/detalhes-oferta/{offerId}), while it exists. */
  offerId: z.string().optional(),
});
export type MyUserOffer = z.infer<typeof myUserOffer>;
export const myUserOfferList = z.array(myUserOffer);

/** The refusal's reason (the admin's dialog checks it as it is typed): optional, trimmed, at most 500 characters. */
export const refuseUserOfferForm = z.object({
  reason: z
    .string({ message: 'Motivo inválido.' })
    .trim()
    .max(REFUSAL_REASON_MAX, {
      message: `O motivo pode ter no máximo ${REFUSAL_REASON_MAX} caracteres.`,
    })
    .optional(),
});
/** DELETE /api/admin/user-offers/{id} (refusal): an optional reason the member reads; blank means none. */
// No body at all arrives as null.
export const refuseUserOfferInput = refuseUserOfferForm.nullish();
export type RefuseUserOfferInput = z.input<typeof refuseUserOfferInput>;

// ---- Admin catalogue (GET /api/admin/offers)
export const adminOfferListQuery = z.object({
  sort: z.enum(ADMIN_OFFER_SORTS).default('default'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
export const adminOfferCard = offerCard.extend({ statusReports: statusReportCounts });
export const adminOfferPage = z.object({
  items: z.array(adminOfferCard),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminOfferCard = z.infer<typeof adminOfferCard>;
export type AdminOfferPage = z.infer<typeof adminOfferPage>;

// ---- Banners
export const banner = z.object({ id: z.string(), imageUrl: z.string(), link: z.string().nullable() });
export const activeBanner = z.object({ banner: banner.nullable() });
export type Banner = z.infer<typeof banner>;
export type ActiveBanner = z.infer<typeof activeBanner>;
export const adminBanners = z.object({ hasActiveBanner: z.boolean(), banner: banner.nullable() });
export type AdminBanners = z.infer<typeof adminBanners>;
export const createBannerInput = z.object({
  imagePath: z
    .string({ message: 'Por favor, selecione uma imagem para o banner.' })
    .trim()
    .min(1, { message: 'Por favor, selecione uma imagem para o banner.' }),
  link: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .nullable()
    .refine((v) => !v || /^https?:\/\//i.test(v), {
      message: 'O link do banner deve ser uma URL válida (http ou https).',
    })
    .transform((v) => v || null),
});

// ---- Uploads: POST /api/uploads/creative (member) and /api/uploads/banner (admin), multipart field 'file'
export const uploadResult = z.object({ url: z.string(), kind: z.enum(['image', 'video']) });
export type UploadResult = z.infer<typeof uploadResult>;
export const CREATIVE_TOO_LARGE = 'O arquivo deve ter no máximo 5MB';
export const CREATIVE_BAD_TYPE = 'Apenas imagens e vídeos são aceitos';
export const BANNER_BAD_TYPE = 'Apenas arquivos JPG, PNG e WebP são aceitos.';
