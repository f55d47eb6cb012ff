import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from '../http-url';
import {
  ADMIN_OFFER_SORTS,
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_NICHES,
  OFFER_SORTS,
  OFFER_STATUSES,
  TICKET_RANGES,
} from '../offer-constants';
import { z } from './zod';

export * from '../offer-constants';

const nicheInput = z
  .string({ message: 'Nicho é obrigatório' })
  .transform((v) => (v === 'Nicho Hot' ? 'Hot' : v))
  .pipe(z.enum(OFFER_NICHES, { message: 'Nicho é obrigatório' }));

/** Numbers from forms: empty or non-numeric becomes 0 (spec 01 §5), negatives are refused. */
const metric = (message: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return 0;
      const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
      return Number.isFinite(n) ? n : 0;
    },
    z.number().min(0, { message }).max(1_000_000_000, { message }),
  );

/**
 * A submission's link (spec 02 §5: "valid URL", one message for absent, empty or wrong): an http(s) URL by the
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
  sort: z.enum(OFFER_SORTS).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  /** Only the caller's favourites (Favoritos tab). */
  favorites: z.enum(['1', 'true']).optional(),
});
export type OfferListQuery = z.input<typeof offerListQuery>;

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

export const reportStatusInput = z.object({
  reportedStatus: z.enum(['ativo', 'inativo'], { message: 'Escolha ativo ou inativo.' }),
});
export const userStatusReport = z.object({ reportedStatus: z.enum(['ativo', 'inativo']).nullable() });
/** POST /api/offers/{id}/report-status: the vote is stored (or changed) and the new counts come back. */
export const reportStatusResult = z.object({ message: z.string(), counts: statusReportCounts });
export const likeResult = z.object({ liked: z.boolean(), likeCount: z.number() });
export const likeCounts = z.record(z.string(), z.number());
export const favoriteInput = z.object({
  offerId: z.string({ message: 'Oferta inválida.' }).trim().min(1, { message: 'Oferta inválida.' }).max(100),
});

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
  ads: metric('Anúncios deve ser um número positivo').pipe(
    z.number().int({ message: 'Anúncios deve ser um número inteiro' }),
  ),
  roas: metric('ROAS deve ser um número positivo'),
  ticket: metric('Ticket deve ser um número positivo'),
  /** JSON text {criativo, biblioteca, site, anunciante} as the spec sends it (or the object). */
  links: z.union([z.string().max(10_000), offerLinks.partial()]).optional(),
});
export type OfferInput = z.input<typeof offerInput>;

/** The /nova-oferta form: every link and select required (spec 01 §5), numbers default 0. */
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
  ads: metric('Anúncios deve ser um número positivo'),
  roas: metric('ROAS deve ser um número positivo'),
  ticket: metric('Ticket deve ser um número positivo'),
});

// ---- Member submission (Subir Oferta): POST /api/user-offers (spec 02 §5, messages exact)
export const userOfferInput = z.object({
  creative: z
    .string({ message: 'Upload do criativo é obrigatório' })
    .trim()
    .min(1, { message: 'Upload do criativo é obrigatório' }),
  creativeType: z.enum(['image', 'video']).default('image'),
  productTitle: required('Título da oferta é obrigatório').pipe(
    z.string().max(200, { message: 'Título muito longo.' }),
  ),
  ...submissionLinks(false).shape,
  status: z.enum(OFFER_STATUSES, { message: 'Status é obrigatório' }),
  format: z.enum(OFFER_FORMATS, { message: 'Formato é obrigatório' }),
  language: z.enum(OFFER_LANGUAGES, { message: 'Idioma é obrigatório' }),
  niche: nicheInput,
  ads: metric('Anúncios ativos deve ser um número positivo'),
  roas: metric('ROAS deve ser um número positivo'),
  ticket: metric('Ticket médio deve ser um número positivo'),
});
export type UserOfferInput = z.input<typeof userOfferInput>;

export const userOffer = z.object({
  id: z.string(),
  userId: z.string(),
  creative: z.string().nullable(),
  creativeType: z.enum(['image', 'video']),
  productTitle: z.string(),
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
  isApproved: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  author: z.object({
    id: z.string(),
    name: z.string(),
    uniqueId: z.string(),
    avatar: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
});
export type UserOffer = z.infer<typeof userOffer>;
/** PATCH /api/admin/user-offers/{id}: every field optional; a link may be cleared (''). */
export const userOfferPatch = userOfferInput.extend(submissionLinksOrEmpty.shape).partial();

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

// ---- Banners
export const banner = z.object({ id: z.string(), imageUrl: z.string(), link: z.string().nullable() });
export const activeBanner = z.object({ banner: banner.nullable() });
export const adminBanners = z.object({ hasActiveBanner: z.boolean(), banner: banner.nullable() });
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
export const CREATIVE_TOO_LARGE = 'O arquivo deve ter no máximo 5MB';
export const CREATIVE_BAD_TYPE = 'Apenas imagens e vídeos são aceitos';
export const BANNER_BAD_TYPE = 'Apenas arquivos JPG, PNG e WebP são aceitos.';
