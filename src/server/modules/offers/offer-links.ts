import type { OfferLinks } from '../../../shared/schemas/offers';
import { ValidationError } from '../../lib/errors';

/** Every name a link was stored under: the canonical one first, then the alternates (creativeUrl...). */
const LINK_NAMES: Record<keyof OfferLinks, string[]> = {
  criativo: ['criativo', 'creativeUrl', 'creativeLink'],
  biblioteca: ['biblioteca', 'libraryUrl', 'libraryLink'],
  site: ['site', 'siteUrl', 'siteLink'],
  anunciante: ['anunciante', 'advertiserUrl', 'advertiserLink'],
};

/** A scheme other than http(s) (javascript:, data:...) never becomes a link; a bare 'site.com' is kept. */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z0-9+.-]*:/i;

function cleanLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = value.trim();
  if (!link || link.length > 2000 || OTHER_SCHEME.test(link)) return null;
  return link;
}

/** Reads links from an object under the canonical or alternate names. */
export function pickOfferLinks(source: Record<string, unknown>): OfferLinks {
  const pick = (names: string[]) => {
    for (const name of names) {
      const link = cleanLink(source[name]);
      if (link) return link;
    }
    return null;
  };
  return {
    criativo: pick(LINK_NAMES.criativo),
    biblioteca: pick(LINK_NAMES.biblioteca),
    site: pick(LINK_NAMES.site),
    anunciante: pick(LINK_NAMES.anunciante),
  };
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The stored links JSON text as {criativo, biblioteca, site, anunciante}; invalid JSON reads as no links. */
export function parseOfferLinks(text: string | null | undefined): OfferLinks {
  return pickOfferLinks((text && parseJsonObject(text)) || {});
}

export const INVALID_LINKS = 'Links da oferta em formato inválido.';

/**
 * The links an admin sent (JSON text or object, canonical or alternate names) as the normalised JSON text
 * to store. Text that is not a JSON object is refused rather than silently dropped.
 */
export function serializeOfferLinks(input: string | Partial<Record<string, unknown>> | undefined): string {
  let source: Record<string, unknown> = {};
  if (typeof input === 'string') {
    if (input.trim()) {
      const parsed = parseJsonObject(input);
      if (!parsed) throw new ValidationError(INVALID_LINKS);
      source = parsed;
    }
  } else if (input) {
    source = input;
  }
  return JSON.stringify(pickOfferLinks(source));
}
