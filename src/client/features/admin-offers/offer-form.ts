import {
  type OfferDetail,
  type OfferInput,
  offerInput,
  scaledOfferForm,
  submissionLinksOrEmpty,
  type UserOffer,
  userOfferInput,
} from '../../../shared/schemas/offers';
import { z } from '../../../shared/schemas/zod';

/** A creative already stored (its URL and kind). */
export interface StoredCreative {
  url: string;
  type: 'image' | 'video';
}

const optionalLink = z.string().trim().max(2000, { message: 'Link muito longo.' }).optional();

/**
 * /nova-oferta: the spec's scaled-offer form (every link and select required) plus the advertiser's name
 * (optional: the advertiser link's domain stands in) and the ad text.
 */
export const newOfferForm = scaledOfferForm.extend({
  advertiser: z.string().trim().max(200, { message: 'Anunciante muito longo.' }).optional(),
  adText: z.string().trim().max(5000, { message: 'Texto do anúncio muito longo.' }).optional(),
});

/** /admin/editar-oferta/{id}: offerInput's rules (title and advertiser required) with the four links apart. */
export const editOfferForm = offerInput.omit({ links: true, creative: true, creativeType: true }).extend({
  advertiserLink: optionalLink,
  creativeLink: optionalLink,
  libraryLink: optionalLink,
  siteLink: optionalLink,
});

type FormOutput = z.output<typeof newOfferForm> | z.output<typeof editOfferForm>;

/** The advertiser's display name from its link: 'https://www.loja.com/x' -> 'loja.com'. */
export function advertiserFromLink(link: string | undefined): string {
  const text = link?.trim() ?? '';
  try {
    return new URL(text).hostname.replace(/^www\./, '') || text;
  } catch {
    return text;
  }
}

/** POST/PUT /api/offers body: links as the spec's JSON text {criativo, biblioteca, site, anunciante}. */
export function toOfferInput(values: FormOutput, creative: StoredCreative | null): OfferInput {
  const advertiser = values.advertiser?.trim() || advertiserFromLink(values.advertiserLink);
  return {
    productTitle: values.productTitle,
    advertiser: advertiser.slice(0, 200),
    adText: values.adText ?? '',
    creative: creative?.url ?? null,
    creativeType: creative?.type ?? 'image',
    status: values.status,
    niche: values.niche,
    format: values.format,
    language: values.language,
    ads: values.ads,
    roas: values.roas,
    ticket: values.ticket,
    links: JSON.stringify({
      criativo: values.creativeLink || null,
      biblioteca: values.libraryLink || null,
      site: values.siteLink || null,
      anunciante: values.advertiserLink || null,
    }),
  };
}

/** The edit form's starting values from the saved offer. */
export function editValuesOf(offer: OfferDetail): z.input<typeof editOfferForm> {
  return {
    productTitle: offer.productTitle,
    advertiser: offer.advertiser,
    adText: offer.adText,
    status: offer.status,
    niche: offer.niche,
    format: offer.format as z.input<typeof editOfferForm>['format'],
    language: offer.language as z.input<typeof editOfferForm>['language'],
    ads: offer.ads,
    roas: offer.roas,
    ticket: offer.ticket,
    advertiserLink: offer.links.anunciante ?? '',
    creativeLink: offer.links.criativo ?? '',
    libraryLink: offer.links.biblioteca ?? '',
    siteLink: offer.links.site ?? '',
  };
}

/** /admin/editar-oferta-usuario/{id}: the member's form rules; the creative is kept unless replaced. */
export const editUserOfferForm = userOfferInput
  .extend(submissionLinksOrEmpty.shape)
  .omit({ creative: true, creativeType: true });

export function userOfferValuesOf(offer: UserOffer): z.input<typeof editUserOfferForm> {
  type Values = z.input<typeof editUserOfferForm>;
  return {
    productTitle: offer.productTitle,
    advertiser: offer.advertiser,
    adText: offer.adText,
    advertiserLink: offer.advertiserLink,
    creativeLink: offer.creativeLink,
    libraryLink: offer.libraryLink,
    siteLink: offer.siteLink,
    status: offer.status,
    format: offer.format as Values['format'],
    language: offer.language as Values['language'],
    niche: offer.niche,
    ads: offer.ads,
    roas: offer.roas,
    ticket: offer.ticket,
  };
}
