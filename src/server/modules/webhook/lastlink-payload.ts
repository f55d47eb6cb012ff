import { z } from '../../../shared/schemas/zod';

/**
 * A Lastlink delivery, validated loosely: it must be an object with an `Event`; every other field is
 * optional and unknown fields are kept (Lastlink adds fields over time). See the fixtures in testing/.
 */
export const lastlinkPayload = z.looseObject(
  {
    Id: z.unknown().optional(),
    IsTest: z.unknown().optional(),
    Event: z
      .string({ message: 'Campo "Event" ausente no payload.' })
      .trim()
      .min(1, { message: 'Campo "Event" ausente no payload.' })
      .max(200, { message: 'Campo "Event" inválido.' }),
    Data: z.unknown().optional(),
  },
  { message: 'Payload inválido: envie um objeto JSON.' },
);
export type LastlinkPayload = z.infer<typeof lastlinkPayload>;

/** What the app reads from a delivery; everything else stays only in the stored raw JSON. */
export interface LastlinkFacts {
  externalId: string | null;
  /** As received (trimmed); compare with `eventKey`. */
  eventType: string;
  /** Lower-cased event name: Lastlink sends some names with other casing. */
  eventKey: string;
  isTest: boolean;
  buyerEmail: string | null;
  buyerName: string | null;
  buyerPhone: string | null;
  offerId: string | null;
  offerName: string | null;
  products: Array<{ id: string | null; name: string | null }>;
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const MAX_TEXT = 500;
function asText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, MAX_TEXT);
  return trimmed || null;
}

export function readLastlinkFacts(payload: LastlinkPayload): LastlinkFacts {
  const data = asObject(payload.Data);
  const buyer = asObject(data.Buyer);
  const offer = asObject(data.Offer);
  const products = Array.isArray(data.Products) ? data.Products : [];
  return {
    externalId: asText(payload.Id),
    eventType: payload.Event,
    eventKey: payload.Event.toLowerCase(),
    isTest: payload.IsTest === true,
    buyerEmail: asText(buyer.Email)?.toLowerCase() ?? null,
    buyerName: asText(buyer.Name),
    buyerPhone: asText(buyer.PhoneNumber),
    offerId: asText(offer.Id),
    offerName: asText(offer.Name),
    products: products.map((p) => ({ id: asText(asObject(p).Id), name: asText(asObject(p).Name) })),
  };
}
