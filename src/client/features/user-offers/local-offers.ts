import {
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_NICHES,
  OFFER_STATUSES,
  type OfferStatus,
} from '../../../shared/schemas/offers';
import { z } from '../../../shared/schemas/zod';

/** /adicionar-oferta keeps its offers in this browser only, under this key. */
export const LOCAL_OFFERS_KEY = 'ofertas-locais';
export const LOCAL_OFFER_REQUIRED = 'Preencha todos os campos obrigatórios';

const required = z
  .string({ message: LOCAL_OFFER_REQUIRED })
  .trim()
  .min(1, { message: LOCAL_OFFER_REQUIRED })
  .max(200, { message: 'Texto muito longo.' });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]).optional();

export const localOfferForm = z.object({
  productTitle: required,
  advertiser: required,
  status: z.enum(OFFER_STATUSES, { message: 'Status é obrigatório' }),
  niche: optionalChoice(OFFER_NICHES),
  format: optionalChoice(OFFER_FORMATS),
  language: optionalChoice(OFFER_LANGUAGES),
  siteLink: z.string().trim().max(2000).optional(),
  adText: z.string().trim().max(5000).optional(),
});
export type LocalOfferValues = z.output<typeof localOfferForm>;

export interface LocalOffer {
  id: string;
  productTitle: string;
  advertiser: string;
  status: OfferStatus;
  niche: string;
  format: string;
  language: string;
  adText: string;
  links: { site: string | null };
  createdAt: string;
}

/** In the simple add-offer form 'validando' is saved as 'pre-escala'. */
export const localStatusOf = (status: OfferStatus): OfferStatus =>
  status === 'validando' ? 'pre-escala' : status;

export function readLocalOffers(storage: Storage = localStorage): LocalOffer[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LOCAL_OFFERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LocalOffer[]) : [];
  } catch {
    return [];
  }
}

/** Appends the offer to the browser's list; throws when storage is blocked or full. */
export function saveLocalOffer(values: LocalOfferValues, storage: Storage = localStorage): LocalOffer {
  const offer: LocalOffer = {
    id: crypto.randomUUID(),
    productTitle: values.productTitle,
    advertiser: values.advertiser,
    status: localStatusOf(values.status),
    niche: values.niche ?? '',
    format: values.format ?? '',
    language: values.language ?? '',
    adText: values.adText ?? '',
    links: { site: values.siteLink || null },
    createdAt: new Date().toISOString(),
  };
  storage.setItem(LOCAL_OFFERS_KEY, JSON.stringify([...readLocalOffers(storage), offer]));
  return offer;
}
