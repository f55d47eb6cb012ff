/**
 * The slug checker's rules without Zod (the domain check, the cost, the concurrency): the tab imports these
 * (keeping Zod out of its chunk); src/shared/schemas/slug-checker.ts builds the route's schema and the screen's form
 * schema (loaded on demand) from them and re-exports them.
 */
/** R$ 1,00 per verification, up to 20 simultaneous requests, about 1.360 slugs. */
export const SLUG_CHECK_COST_CENTS = 100;
export const SLUG_CHECK_CONCURRENCY = 20;
/** How many recent scans GET /api/slug-scans lists (and how many are kept per member). */
export const SLUG_SCANS_KEPT = 20;

/** The screen's messages for the domain. */
export const DOMAIN_REQUIRED = 'Domínio Obrigatório';
export const DOMAIN_INVALID = 'Domínio Inválido';
/**
 * The server's own check of the same rules answers with the spec's server-side pair ('Domínio é obrigatório' /
 * 'Formato de domínio inválido'); the screen checks first, so only callers of the API see these.
 */
export const SERVER_DOMAIN_REQUIRED = 'Domínio é obrigatório';
export const SERVER_DOMAIN_INVALID = 'Formato de domínio inválido';
/** The server's wording of a message of parseSlugCheckDomain. */
export function serverSlugCheckMessage(error: string): string {
  if (error === DOMAIN_REQUIRED) return SERVER_DOMAIN_REQUIRED;
  if (error === DOMAIN_INVALID) return SERVER_DOMAIN_INVALID;
  return error;
}
export const BASE_SLUG_INVALID = 'Slug base inválido: use apenas letras, números, "-", "_", "." e "/".';

export interface SlugCheckTarget {
  /** The scheme the member typed, if any (without one, https is tried first, then http). */
  scheme?: 'http' | 'https';
  /** Host name (lower-cased, punycode, IPv4 normalised) with the port when one was typed. */
  host: string;
  /** From the explicit baseSlug or the path typed after the domain; no leading or trailing slash. */
  baseSlug?: string;
}

const SLUG_CHARS = /^[A-Za-z0-9._~%@:+,;=!$*'()/-]+$/;

/** A base slug as the server uses it (slashes trimmed), undefined when empty, null when invalid. */
export function normalizeBaseSlug(raw: string | null | undefined): string | undefined | null {
  const slug = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!slug) return undefined;
  if (slug.length > 200 || !SLUG_CHARS.test(slug) || slug.split('/').some((p) => p === '..' || p === '.')) {
    return null;
  }
  return slug;
}

/**
 * The domain is required; after stripping http(s):// and a trailing slash the domain part must contain a
 * dot; a path after the domain becomes baseSlug; a port is allowed. Returns the message of the first rule
 * broken, or the target.
 */
export function parseSlugCheckDomain(
  rawDomain: string,
  rawBaseSlug?: string | null,
): { target: SlugCheckTarget } | { error: string } {
  let text = rawDomain.trim();
  if (!text) return { error: DOMAIN_REQUIRED };
  let scheme: SlugCheckTarget['scheme'];
  const typed = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (typed) {
    const name = typed[1]?.toLowerCase();
    if (name !== 'http' && name !== 'https') return { error: DOMAIN_INVALID };
    scheme = name;
    text = text.slice(typed[0].length);
  }
  text = text.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const slash = text.indexOf('/');
  const hostPart = slash === -1 ? text : text.slice(0, slash);
  const pathPart = slash === -1 ? '' : text.slice(slash + 1);
  if (!hostPart.includes('.') || /[@\s\\]/.test(hostPart)) return { error: DOMAIN_INVALID };
  let url: URL;
  try {
    url = new URL(`http://${hostPart}/`);
  } catch {
    return { error: DOMAIN_INVALID };
  }
  if (!url.hostname || url.hostname.includes('..') || url.hostname.startsWith('.') || url.username) {
    return { error: DOMAIN_INVALID };
  }
  const explicit = normalizeBaseSlug(rawBaseSlug);
  if (explicit === null) return { error: BASE_SLUG_INVALID };
  const fromPath = normalizeBaseSlug(pathPart);
  if (fromPath === null && explicit === undefined) return { error: BASE_SLUG_INVALID };
  const baseSlug = explicit ?? fromPath ?? undefined;
  // `url.host` keeps a typed port (the default port of http is dropped: it is only the default for http).
  const host = url.port || !/:\d+$/.test(hostPart) ? url.host : `${url.hostname}:80`;
  return { target: { ...(scheme ? { scheme } : {}), host, ...(baseSlug ? { baseSlug } : {}) } };
}
