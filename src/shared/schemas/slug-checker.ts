import { z } from './zod';

/** §9: R$ 1,00 per verification, up to 20 simultaneous requests, about 1.360 slugs. */
export const SLUG_CHECK_COST_CENTS = 100;
export const SLUG_CHECK_CONCURRENCY = 20;
/** How many recent scans GET /api/slug-scans lists (and how many are kept per member). */
export const SLUG_SCANS_KEPT = 20;

export const DOMAIN_REQUIRED = 'Domínio Obrigatório';
export const DOMAIN_INVALID = 'Domínio Inválido';
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
 * §5: the domain is required; after stripping http(s):// and a trailing slash the domain part must contain a
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

/** POST /api/check-slugs: `{ domain, baseSlug? }` (spec §3), checked with the rules of §5. */
export const slugCheckInput = z
  .object({
    domain: z.string({ message: DOMAIN_REQUIRED }).max(500, { message: DOMAIN_INVALID }),
    baseSlug: z.string().max(500, { message: BASE_SLUG_INVALID }).optional().nullable(),
  })
  .superRefine((value, ctx) => {
    const parsed = parseSlugCheckDomain(value.domain, value.baseSlug);
    if ('error' in parsed) {
      const path = parsed.error === BASE_SLUG_INVALID ? ['baseSlug'] : ['domain'];
      ctx.addIssue({ code: 'custom', message: parsed.error, path });
    }
  });
export type SlugCheckInput = z.infer<typeof slugCheckInput>;

/** One tested URL (spec §3 plus `softNotFound`). status 0 = the request failed (statusText says why). */
export const slugResult = z.object({
  url: z.string(),
  slug: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** 200-299 and not a soft-404. */
  isValid: z.boolean(),
  /** Milliseconds until the response (capped body included) or the failure. */
  responseTime: z.number().int(),
  /** The Location of a 3xx (absolute), never followed; null otherwise. */
  redirectUrl: z.string().nullable(),
  /** The answer looks like the site's own "not found" answer (same status and page, or same redirect). */
  softNotFound: z.boolean(),
});
export type SlugResult = z.infer<typeof slugResult>;

export const slugCheckResponse = z.object({
  /** The scan's id (GET /api/slug-scans/:id reopens it). */
  scanId: z.uuid(),
  domain: z.string(),
  totalTested: z.number().int(),
  validUrls: z.number().int(),
  results: z.array(slugResult),
});
export type SlugCheckResponse = z.infer<typeof slugCheckResponse>;

/** Server-sent events of POST /api/check-slugs with `Accept: text/event-stream`. */
export const slugCheckProgressEvent = z.object({ tested: z.number().int(), total: z.number().int() });
export type SlugCheckStreamEvent =
  | { event: 'progress'; data: z.infer<typeof slugCheckProgressEvent> }
  | { event: 'result'; data: SlugResult }
  | { event: 'done'; data: SlugCheckResponse }
  | { event: 'error'; data: { message: string } };

export const slugScanStatus = z.enum(['running', 'done', 'stopped', 'failed', 'interrupted']);

/** A recent scan in GET /api/slug-scans (without its results). */
export const slugScanSummary = z.object({
  id: z.uuid(),
  domain: z.string(),
  baseSlug: z.string().nullable(),
  status: slugScanStatus,
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totalTested: z.number().int(),
  validUrls: z.number().int(),
  redirects: z.number().int(),
  softNotFound: z.number().int(),
});
export type SlugScanSummary = z.infer<typeof slugScanSummary>;

export const slugScanList = z.object({ scans: z.array(slugScanSummary) });
export const slugScanDetail = slugScanSummary.extend({ results: z.array(slugResult) });
export type SlugScanDetail = z.infer<typeof slugScanDetail>;
