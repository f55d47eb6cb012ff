import type { LastlinkPayload } from '../../../shared/schemas/admin';

// The declared body schema lives with the API contract; this file reads the facts out of a delivery.
export { type LastlinkPayload, lastlinkPayload } from '../../../shared/schemas/admin';

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
  /** The subscription's next charge (`Data.Purchase.NextBilling`), when it is a readable date. */
  nextBillingAt: Date | null;
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

function asDate(value: unknown): Date | null {
  const text = asText(value);
  if (!text) return null;
  const date = new Date(text);
  // Years outside 2000-2200 are typos or placeholders, not a billing date.
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 2200 ? null : date;
}

export function readLastlinkFacts(payload: LastlinkPayload): LastlinkFacts {
  const data = asObject(payload.Data);
  const purchase = asObject(data.Purchase);
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
    nextBillingAt: asDate(purchase.NextBilling),
  };
}

/**
 * The product a stored delivery names (its first product, else its offer), read again from its raw JSON for the
 * admin's history; nulls when the raw text is not a Lastlink object.
 */
export function storedDeliveryProduct(rawData: string): { id: string | null; name: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawData);
  } catch {
    return { id: null, name: null };
  }
  const data = asObject(asObject(parsed).Data);
  const products = Array.isArray(data.Products) ? data.Products : [];
  const first = asObject(products[0]);
  const offer = asObject(data.Offer);
  const id = asText(first.Id);
  const name = asText(first.Name);
  if (id || name) return { id, name };
  return { id: asText(offer.Id), name: asText(offer.Name) };
}
